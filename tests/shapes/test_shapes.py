"""What a declared shape promises besides validating like pydantic: frozen, comparable, copyable, picklable."""

from __future__ import annotations

import json
import pickle
from typing import ClassVar, Literal

import jsonschema
import pytest

from generator.shapes import Field, Shape, ShapeError, ValidationError, model_validator


class Leaf(Shape):
    label: str
    weight: float = Field(1.0, ge=0, description="How heavy.")


class Tree(Shape):
    """A shape that holds itself."""

    kind: ClassVar[str] = "tree"

    id: str
    in_: str | None = Field(None, alias="in")
    value: bool | int | float | str = 0
    leaves: list[Leaf] = Field(default_factory=list)
    branches: list[Tree] = Field(default_factory=list)
    side: Literal["left", "right"] = "left"

    @model_validator(mode="after")
    def _no_self_branch(self):
        if any(branch.id == self.id for branch in self.branches):
            raise ValueError("a branch cannot share its tree's id")
        return self


def test_a_union_keeps_the_type_the_data_gave_before_converting():
    assert [Tree.model_validate({"id": "t", "value": value}).value for value in ("3", 3, 3.5, True)] == \
        ["3", 3, 3.5, True]
    assert Leaf.model_validate({"label": "x", "weight": "2.5"}).weight == 2.5


def test_every_problem_of_a_value_is_reported_with_its_path():
    with pytest.raises(ValidationError) as raised:
        Tree.model_validate({"leaves": [{"label": 3}, {"label": "ok", "weight": -1}], "side": "up", "colour": 1,
                             "branches": [{"id": "b", "leaves": "none"}]})
    found = {(error["type"], error["loc"]) for error in raised.value.errors()}
    assert found == {("missing", ("id",)), ("string_type", ("leaves", 0, "label")),
                     ("greater_than_equal", ("leaves", 1, "weight")), ("literal_error", ("side",)),
                     ("extra_forbidden", ("colour",)), ("list_type", ("branches", 0, "leaves"))}


def test_a_whole_shape_check_runs_once_its_fields_are_valid():
    with pytest.raises(ValidationError) as raised:
        Tree.model_validate({"id": "t", "branches": [{"id": "t"}]})
    assert [(e["type"], e["loc"], e["msg"]) for e in raised.value.errors()] == \
        [("value_error", (), "Value error, a branch cannot share its tree's id")]


def test_a_field_check_names_its_own_code():
    error = ShapeError("SCH005", "'{value}' is not a kebab-case id; write {{id: …}}", {"value": "Big_Id"})
    assert (error.type, error.message) == ("SCH005", "'Big_Id' is not a kebab-case id; write {id: …}")


def test_shapes_are_frozen_and_compare_by_their_fields_only():
    one, two = (Tree.model_validate({"id": "t", "leaves": [{"label": "a"}]}) for _ in range(2))
    object.__setattr__(one, "_where", ("somewhere", ("trees", 0)))
    assert one == two and one != Tree.model_validate({"id": "u"})
    assert hash(Leaf(label="a")) == hash(Leaf(label="a")) != hash(Leaf(label="b"))
    with pytest.raises(AttributeError):
        one.id = "u"
    assert Tree.model_validate({"id": "t"}).leaves is not Tree.model_validate({"id": "t"}).leaves


def test_an_alias_is_the_key_and_the_name_is_accepted_alone():
    tree = Tree.model_validate({"id": "t", "in": "forest"})
    assert tree.in_ == "forest" and tree.model_fields_set == {"id", "in_"}
    assert Tree.model_validate({"id": "t", "in_": "forest"}).in_ == "forest"
    assert tree.model_dump(by_alias=True)["in"] == "forest"
    nested = Tree.model_validate({"id": "t", "branches": [{"id": "b", "in": "t", "value": 2.5}]})
    assert json.loads(nested.model_dump_json(by_alias=True))["branches"][0]["in"] == "t"
    assert json.loads(nested.model_dump_json(include={"id", "branches"})) == \
        {"id": "t", "branches": [nested.branches[0].model_dump(mode="json")]}


def test_a_copy_replaces_fields_and_remembers_which_were_given():
    tree = Tree.model_validate({"id": "t", "side": "right"})
    copy = tree.model_copy(update={"value": 7})
    assert (copy.id, copy.side, copy.value, tree.value) == ("t", "right", 7, 0)
    assert copy.model_fields_set == {"id", "side", "value"}


def test_a_pickled_shape_comes_back_equal_with_its_place():
    tree = Tree(id="t", branches=[{"id": "b", "leaves": [{"label": "x"}]}])
    object.__setattr__(tree, "_where", ("doc", ("trees", 0)))
    back = pickle.loads(pickle.dumps(tree))
    assert back == tree and back._where == ("doc", ("trees", 0)) and back.model_fields_set == {"id", "branches"}
    assert isinstance(back.branches[0].leaves[0], Leaf)


def test_the_json_schema_describes_and_refuses_like_the_shape():
    schema = Tree.model_json_schema()
    validator = jsonschema.Draft202012Validator(schema)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$ref"] == "#/$defs/Tree" and schema["$defs"]["Tree"]["description"] == "A shape that holds itself."
    assert schema["$defs"]["Leaf"]["properties"]["weight"] == {"default": 1.0, "description": "How heavy.",
                                                                "minimum": 0, "title": "Weight", "type": "number"}
    assert validator.is_valid({"id": "t", "in": "x", "branches": [{"id": "b", "leaves": [{"label": "l"}]}]})
    for wrong in ({"id": "t", "colour": 1}, {"branches": []}, {"id": "t", "side": "up"},
                  {"id": "t", "branches": [{"id": "b", "leaves": [{"weight": 1}]}]}):
        assert not validator.is_valid(wrong)
        with pytest.raises(ValidationError):
            Tree.model_validate(wrong)
