"""How Imprenta reads YAML's plain values: the YAML 1.2 core schema (plus "a number with a leading zero is
text") on PyYAML's C parser, and what a YAML 1.1 tool would read instead, for the warnings that say so."""

from __future__ import annotations

import re

import yaml

_YAML11 = yaml.resolver.Resolver()   # PyYAML's own YAML 1.1 reading, as most other tools read


_YAML11_FIRST_CHARACTERS = frozenset(_YAML11.yaml_implicit_resolvers)   # PyYAML looks only at these


def yaml11_reading(value: str) -> str | None:
    """What a YAML 1.1 tool makes of a plain value that Imprenta (YAML 1.2) reads as text, or None if text."""
    if value[:1] not in _YAML11_FIRST_CHARACTERS:
        return None
    tag = _YAML11.resolve(yaml.ScalarNode, value, (True, False))
    if tag == "tag:yaml.org,2002:str":
        return None
    if tag == "tag:yaml.org,2002:bool":
        return "true" if value.lower() in ("y", "yes", "on", "true") else "false"
    if tag == "tag:yaml.org,2002:int":
        return "a number in base 60" if ":" in value else "an octal number" if value.lstrip("+-").startswith("0") \
            else "a whole number"
    return {"tag:yaml.org,2002:float": "a number in base 60" if ":" in value else "a decimal number",
            "tag:yaml.org,2002:null": "nothing (null)", "tag:yaml.org,2002:timestamp": "a date"}.get(tag, tag)


class CoreResolver(yaml.resolver.Resolver):
    """YAML 1.2 core schema tags for plain scalars; everything else is a string."""

    def resolve(self, kind, value, implicit):
        # PyYAML's own resolve, less the path resolvers Imprenta never registers: it runs for every node
        if kind is yaml.ScalarNode and implicit[0]:
            for tag, pattern in self.yaml_implicit_resolvers.get(value[:1], ()):
                if pattern.match(value):
                    return tag
        return _DEFAULT_TAGS[kind]

    # PyYAML's path resolvers, which Imprenta never registers: the C parser calls these two for every node, so
    # they are C callables that take its arguments (parent, index; none) and do nothing, not Python methods.
    descend_resolver = slice
    ascend_resolver = tuple


_DEFAULT_TAGS = {yaml.ScalarNode: yaml.resolver.BaseResolver.DEFAULT_SCALAR_TAG,
                 yaml.SequenceNode: yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG,
                 yaml.MappingNode: yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG}


CoreResolver.yaml_implicit_resolvers = {}
for _tag, _pattern, _first in (
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", "~nN"),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?(?:0|[1-9][0-9]*)|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    ("tag:yaml.org,2002:float",
     r"^(?:[-+]?(?:(?:0|[1-9][0-9]*)\.[0-9]*|\.[0-9]+|(?:0|[1-9][0-9]*)(?:\.[0-9]*)?[eE][-+]?[0-9]+)"
     r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$", "-+0123456789."),
):
    CoreResolver.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))
CoreResolver.add_implicit_resolver("tag:yaml.org,2002:null", re.compile(r"^$"), [""])


try:
    from yaml.cyaml import CParser as _Parser
    _PARSER_BASES: tuple = (_Parser,)
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    _PARSER_BASES = (yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser)


class Loader(*_PARSER_BASES, yaml.composer.Composer, CoreResolver):  # type: ignore[misc]
    def __init__(self, stream: str) -> None:
        for base in _PARSER_BASES:
            base.__init__(self, stream) if base in (_PARSER_BASES[0],) else base.__init__(self)
        yaml.composer.Composer.__init__(self)
        CoreResolver.__init__(self)
