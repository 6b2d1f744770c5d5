"""Every diagnostic code Imprenta can emit: its name, default severity and help text."""

from __future__ import annotations

from typing import NamedTuple

from generator.diagnostics.press_codes import PRESS
from generator.diagnostics.severity import Severity


class Code(NamedTuple):
    code: str
    name: str
    severity: str
    title: str
    help: str = ""
    on_by_default: bool = True     # off: reported only when --select names it (flake8's default ignore)

    def severity_value(self):
        return Severity[self.severity.upper()]


_TABLE = (
    # Loading: the file cannot be read as safe YAML within bounds.
    Code("YML001", "yaml-syntax", "error", "the file is not valid YAML",
         "The position is the one the YAML parser gives; the mistake is often on the line before."),
    Code("YML002", "unreadable-file", "error", "the file cannot be read",
         "Check that it exists, is readable, and is UTF-8 text."),
    Code("YML003", "duplicate-key", "error", "a mapping has the same key twice",
         "YAML would silently keep the last value; Imprenta refuses both."),
    Code("YML004", "document-too-large", "error", "the document expands beyond the size limit",
         "Aliases (`*name`) are expanded when loaded; a document that expands past the limit is refused."),
    Code("YML005", "nesting-too-deep", "error", "the document nests deeper than the limit",
         "Nest less: a content file rarely needs more than a dozen levels. Deep nesting is usually a bracket "
         "left open (`[[[…`) or a generated file gone wrong."),
    Code("YML006", "bad-scalar", "error", "a value cannot be read",
         "The value is of a kind Imprenta does not read, or too large to read safely (a number thousands of "
         "digits long, a timestamp); write it as a plain number or quote it as text."),
    Code("YML007", "not-a-mapping", "error", "the top of a content file must be a mapping",
         "A content file is a mapping of collections (`pieces:`, `tables:` …) and a translation file a mapping"
         " with `language:` and `entries:`; a file that starts with `- ` is a list. Put the list under its "
         "collection's key."),
    Code("YML008", "ambiguous-scalar", "warning", "an unquoted value that YAML 1.1 tools read differently",
         "Imprenta reads YAML 1.2 (`no` is text, `1:30` is text); other tools read `no` as false. Quote it."),
    Code("YML009", "control-character", "error", "a string holds a control character",
         "Control characters cannot be printed and make invalid SVG and XML."),
    # Shape: the data does not have the declared shape.
    Code("SCH001", "unknown-key", "error", "a key that the format does not define",
         "Often a misspelling (`copis:` for `copies:`); the hint names the nearest known key. Every key a "
         "shape accepts is in the field reference (`imprenta schema --format markdown`)."),
    Code("SCH002", "wrong-type", "error", "a value of the wrong type",
         "The field reference says which type each field takes: a whole number, text, a list, a mapping. A "
         "list written as a single value, or a mapping where text was expected, is the usual mistake."),
    Code("SCH003", "missing-key", "error", "a required key is missing",
         "Add the key: required fields (an `id`, a `name`, a `title` …) are marked \"required\" in the field "
         "reference."),
    Code("SCH004", "bad-value", "error", "a value outside the allowed ones",
         "The field accepts only the values the message lists (`symbol: infantry`, not `infantery`); the hint "
         "names the nearest one."),
    Code("SCH005", "bad-id", "error", "an id that is not kebab-case",
         "Ids use lowercase ASCII letters, digits and single hyphens: `activate-area`, `0507`."),
    Code("SCH006", "bad-dimension", "error", "a length that cannot be read",
         "Write millimetres as a number, or a string with a unit: \"0.5in\", \"12.7mm\", \"1.2cm\", \"36pt\"."),
    Code("SCH007", "bad-dice", "error", "a dice expression that cannot be read",
         "Write NdM (1d6, 2d6, 1d10), d66, or none."),
    Code("SCH008", "bad-range", "error", "a roll or key range that cannot be read",
         "Write a number (7) or a range with the low end first (5-6)."),
    Code("SCH009", "bad-color", "error", "a colour that cannot be read",
         "Write \"#rrggbb\", a palette name, or {cmyk: [c, m, y, k]} in percent."),
    Code("SCH010", "bad-game-manifest", "error", "the game manifest is missing or given twice",
         "Exactly one content file holds `game:`, usually `game.yaml`, with id, title, source_language and "
         "languages. Start from the tutorial's manifest (`docs/tutorial/el-vado/game.yaml`)."),
    Code("SCH011", "path-outside-game", "error", "a file path that leaves the game folder",
         "Image, font and art paths are relative to the game folder and must stay inside it."),
    Code("SCH012", "policy-without-reason", "error", "a check is ignored without a reason",
         "Say why the game may skip the check: `checks: {ignore: [{code: REF008, reason: \"the glossary also "
         "explains terms the rules never mark\"}]}`. The reason is what a reviewer reads."),
    Code("SCH013", "unknown-credit-role", "error", "a credit's role is not one of Imprenta's role words",
         "A credit's `role` is a word Imprenta prints in every language (templates/words, `credit.<role>`): design,"
         " game-design, series-design, solitaire-design, development, art, cover-art, cartography, graphic-design,"
         " layout, writing, rules-editing, editing, proofreading, translation, playtesting, research, production; "
         "roles held together are a list (`role: [proofreading, playtesting]`). The design roles make the PDF's "
         "Author. For a role not in the list write the printed words instead: `{title: Asesoría naval, names: "
         "[Ana Ruiz]}`, and translate `game.credits.<n>.title` in each i18n file."),
    # Identity and references.
    Code("ID001", "duplicate-id", "error", "an id defined twice within its kind",
         "Ids are unique within their kind (two pieces, two sections even in different documents); rename one."
         " Ids of different kinds may be equal."),
    Code("REF001", "unknown-target", "error", "a reference to an id that does not exist",
         "Check the spelling against the id where it is defined; the hint suggests the nearest id. An entity "
         "whose other fields are invalid is still registered, so this error means the id truly does not exist."),
    Code("REF002", "unknown-reference-kind", "error", "a reference token of an unknown kind",
         "The kinds are ref, table, card, deck, unit, area, track, term, icon, faction, force, action, count "
         "and value (docs/content-format.md, \"Reference tokens\"). To print braces, write them as text outside "
         "a token."),
    Code("REF003", "malformed-reference", "error", "a reference token that cannot be read",
         "Tokens read {kind:target} or {kind:target|shown text}. In folded or quoted scalars the "
         "position is the start of the scalar; use `|` block scalars for exact lines."),
    Code("REF004", "bad-count-selector", "error", "a {count:…} or {value:…} selector that selects nothing",
         "A selector names a collection and, for most, an id that exists: `pieces`, `kind:galley`, "
         "`deck:events`, `force:left/galley`; a value path such as `track:vp/max`. See \"Reference tokens\" in "
         "the content format."),
    Code("REF005", "unreferenced-section", "note", "a section that no other text refers to",
         "Reported only when selected (`--select REF005`): a review aid, since most sections are read in "
         "order rather than looked up.", on_by_default=False),
    Code("REF006", "unknown-link", "error", "a data field names an id that does not exist",
         "A field such as a piece's `kind`, a card's `deck` or a hex's `start` names an id of another "
         "collection; define it, or fix the spelling (the hint suggests the nearest id)."),
    Code("REF007", "unused-table", "warning", "a table that no text refers to",
         "A table is printed in the rulebook where a text refers to it: add `{table:id}` where the rules use "
         "it, list it in `map.tables`, or remove the table."),
    Code("REF008", "unused-term", "warning", "a glossary term that no text refers to",
         "Mark its uses in the prose with `{term:id}` (they link to the glossary), remove the term, or ignore "
         "the code with a reason if the glossary explains terms the rules never mark."),
    Code("REF009", "ambiguous-reference", "warning", "a reference prints a section number that another section "
         "of the same book prints too",
         "Two numbering blocks that both count from 1 print the same numbers. Number the second block on with "
         "`children_start`, give the document a `chapter`, or give the reference its own words (`{ref:id|…}`)."),
    Code("REF010", "unknown-reference-form", "error", "a reference token asks for a form its kind does not have",
         "Sections have {ref:id} (the number), {ref.title:id} and {ref.full:id}; cards have {card:id} (number "
         "and title), {card.title:id} and {card.number:id}. Example: {ref.name:combat} → {ref.title:combat}."),
    Code("REF011", "number-where-noun-wanted", "warning", "a reference prints a bare number where its sentence "
         "wants a noun",
         "After an article or a determiner (\"el\", \"una\", \"the\") or opening a sentence (\"In 5, …\") a bare "
         "number reads as a broken sentence. Example: \"En el {ref:solitaire}\" → \"En el {ref.title:solitaire}\" "
         "(\"En el Modo solitario\") or \"En el modo solitario ({ref:solitaire})\"."),
    # Tables.
    Code("TBL001", "table-gap", "error", "a die roll that no row covers",
         "Add a row for the roll, or widen a neighbour's range (`roll: 5-7`). A 2d6 table covers 2-12; a d66 "
         "table 11-66."),
    Code("TBL002", "table-overlap", "error", "a die roll that two rows cover",
         "Two rows claim the same result: narrow one range so each roll reads one row."),
    Code("TBL003", "roll-outside-dice", "error", "a row for a roll the dice cannot make",
         "The dice cannot make that roll (a 7 on 1d6): fix the range, or the dice. Rows for modified rolls are"
         " kept with `out_of_range: rows`."),
    Code("TBL004", "out-of-range-unstated", "error",
         "modifiers can move a roll past the printed rows and the table does not say how to read it",
         "Add `out_of_range: clamp`, or rows for the modified rolls (`out_of_range: rows`)."),
    Code("TBL005", "row-width", "error", "a row with a different number of results than the table has columns",
         "A row of a column table gives one result per column, in order; write `-` (quoted if needed) for an "
         "empty cell."),
    Code("TBL006", "undefined-result-code", "error", "a result code that the legend does not define",
         "Add the code to the table's `legend` (`{code: S, text: hundido}`), or fix the cell."),
    Code("TBL007", "unused-legend-code", "warning", "a legend code that no cell uses",
         "Remove the legend entry, or use the code in a cell; a legend that explains results the table never "
         "gives misleads players."),
    Code("TBL008", "column-sequence", "error", "column headers that are not an ordered, gap-free sequence",
         "Odds columns run 1:2, 1:1, 2:1, 3:1 …, differential columns -2, -1, 0, +1 … without gaps; a gap "
         "means a ratio no column reads. Fix the labels, or use `kind: named`."),
    Code("TBL009", "column-extremes-unstated", "error",
         "an odds or differential table does not say how values beyond its columns read",
         "Add `below:` and `above:` texts to `columns`."),
    Code("TBL010", "table-shape", "error", "a table's rows, dice or columns do not fit its kind, or it mixes "
         "simple results and column results",
         "A die-roll table has `dice:` and rows with `roll:`; a lookup has rows with `key:`; a matrix has "
         "`columns:` and rows with `results:`; a list has rows with `result:` only."),
    Code("TBL011", "unused-footnote", "warning", "a table footnote whose mark no header, key or cell carries",
         "Put the mark after the text it explains, e.g. `key: \"Asedio*\"` with "
         "`footnotes: [{mark: \"*\", text: …}]`."),
    # Player aids.
    Code("AID001", "unknown-aid-part", "error", "a player aid prints a section or table that does not exist",
         "An aid names the ids of whole sections and tables, e.g. `aids: [{id: player-aid, parts: "
         "[{section: sequence-of-play}, {table: terrain-costs}]}]`; check the spelling of the id."),
    Code("AID002", "aid-part-shape", "error", "a part of a player aid names no section or table, or both",
         "Write one part per section or table: `- {section: combat}` then `- {table: combat-results}`."),
    Code("AID003", "replaced-table-in-aid", "warning", "a player aid prints a table another table replaces",
         "The aid is read at the table: print the table in force (the one with `replaces:`), not the one it "
         "supersedes."),
    # Counts and stated totals.
    Code("CNT001", "mix-total", "error", "a mix's stated total differs from the sum of its parts",
         "The mix's `total` is what the rulebook states; the sum comes from its parts or selection. Fix the "
         "data (a missing piece, wrong copies) or the stated total."),
    Code("CNT002", "deck-total", "error", "a deck's stated size differs from its cards",
         "Compare the deck's `total` with its cards' `copies`: a card missing from the data, or copies wrong."),
    Code("CNT003", "force-total", "error", "an order-of-battle group's stated count differs from its pieces",
         "The force's `totals` are what the order of battle states, by piece kind; count the pieces that name "
         "the force (`force: id`) and their copies."),
    Code("CNT004", "mix-shape", "error", "a mix must have either parts or a selection",
         "Give `parts: [other mixes]` or `select: {kinds: […], …}`, not both and not neither; a mix may not "
         "include itself through its parts."),
    Code("CNT005", "limit-exceeded", "warning", "more pieces of a kind than the faction's limit",
         "The faction's `limits` say how many pieces of a kind may be in play; the box holds more copies. Fix "
         "the copies or the limit."),
    Code("CNT006", "duplicate-card-number", "error", "two cards print the same number",
         "Card numbers are printed and looked up by players; give each card of a deck its own `number`."),
    Code("CNT007", "setup-overcommits", "error", "setup places more pieces than exist",
         "The set-up places more pieces (a piece's copies, or a kind's) than the game has; fix the `count` or "
         "the copies."),
    Code("CNT008", "prose-count", "warning", "the prose states a number of pieces or cards the data does not have",
         "Write the number as a {count:…} token so it follows the data."),
    # Set-up.
    Code("SET001", "setup-placement", "error", "a set-up placement that cannot be carried out as written",
         "A placement puts one thing (a piece, a kind, a mix, cards of a deck) in one place: a track's space within "
         "its range, a cup or bag that holds the piece, the hand for cards only, a face the piece has; and the "
         "rest of something goes to one place only. Fix the `at`, `face` or `count` the finding points at."),
    Code("SET002", "setup-wrong-side", "warning", "a side's set-up places another side's pieces or cards",
         "A step with `side: rome` prints under Rome's name; a Carthaginian piece in it would be set up by the "
         "wrong player. Move the placement to its side's step (an ally's pieces, `side:` of its faction, are "
         "fine), or correct the step's `side`."),
    # Map.
    Code("MAP001", "asymmetric-adjacency", "error", "A lists B as adjacent but B does not list A",
         "Adjacency goes both ways: add A to B's `adjacent`, or remove B from A's."),
    Code("MAP002", "self-adjacency", "error", "a location lists itself as adjacent",
         "Remove the location's own id from its `adjacent` list."),
    Code("MAP003", "unreachable-location", "warning", "a location no other location connects to",
         "Give it neighbours (`adjacent`), a route, or a parent (`in:`); a holding box (`type: box`), a city, "
         "a port or a hex needs no neighbours. If the rulebook does not give them, say so in "
         "`adjacent_unknown`."),
    Code("MAP004", "hex-outside-grid", "error", "a hex outside the map's grid",
         "A hex id is its column and row in the grid's `id_format`; check the grid's `columns`, `rows`, "
         "`first_column` and `first_row`, and quote ids like `'0507'`."),
    Code("MAP005", "missing-grid", "error", "hexes without a grid",
         "A map with `hexes` needs a `grid` (`size`, `columns`, `rows`) so the hexes have places."),
    Code("MAP006", "start-terrain", "error", "more pieces start in a terrain than may be there",
         "The map's terrain_rules say which piece kinds may be in each terrain."),
    Code("MAP007", "declared-apart", "warning", "declared neighbours whose outlines do not touch",
         "Move an anchor or an outline so they share a border, or say why in `outline_exceptions`."),
    Code("MAP008", "undeclared-border", "warning", "two outlines share a border but are not declared neighbours",
         "Declare them adjacent, or say why not in `outline_exceptions` (a mountain range, a rule)."),
    Code("MAP009", "inland-sea-route", "warning", "a sea route from a location that does not reach the sea",
         "Check the anchor of the location, or the route's kind; if the map allows it, say why in that "
         "location's `outline_exceptions: {sea: …}`."),
    Code("MAP010", "inland-port", "warning", "a port whose location lies inland",
         "Fix the port, or the anchor, or say why in `outline_exceptions: {port: …}`."),
    Code("MAP011", "bad-outline", "error", "an outline source cannot be read or placed",
         "Outlines come from `shape`, the SVG named by `map.outlines`, or `map.geography` and `anchor`."),
    Code("MAP012", "overlapping-regions", "error", "two regions' outlines overlap",
         "Two regions may share a border but not land: move a vertex of a `shape`, fix the outline in the SVG,"
         " or adjust the anchors of `map.geography`."),
    Code("MAP013", "hex-land", "warning", "a hex's terrain disagrees with the land the map draws",
         "A hex holding land has the geography's `land_terrain`, and only such a hex: fix the hex or the bounds."),
    Code("MAP014", "bad-reconstruction", "error", "a `reconstructed` key names no fact of its shape",
         "Name a field of the shape (`colors`), a path through its lists (`locations.colors`), or a fact the map "
         "draws (`borders`)."),
    # Translations.
    Code("I18N001", "missing-translation", "warning", "a source text has no translation",
         "Translate it in `i18n/<lang>.yaml` (or the exported PO/XLIFF); `imprenta i18n init` writes the "
         "missing entries with the source text to start from. Until then the source text prints."),
    Code("I18N002", "stale-translation", "warning", "the source text changed since it was translated",
         "Update the translation, then run `imprenta i18n stamp` to record the new source."),
    Code("I18N003", "broken-translation", "error", "a translation lost, added or changed a reference token",
         "Reference tokens must survive translation: same kinds and targets (the |shown text may change)."),
    Code("I18N004", "unstamped-translation", "warning", "a translation does not record which source it translates",
         "Run `imprenta i18n stamp PATH --lang L` once the translation is checked."),
    Code("I18N005", "orphan-translation", "warning", "a translation key that matches no source text",
         "The key names a text that no longer exists (an id renamed or removed); move the translation to the "
         "new key or delete it. `imprenta i18n status` lists them all."),
    Code("I18N006", "number-mismatch", "warning", "a translation states numbers the source does not",
         "A number changed in translation (\"3 galleys\" for \"dos galeras\"); numbers in rules are facts. Write "
         "the number the source states, or a {count:…} token in both."),
    Code("I18N007", "missing-language-file", "warning", "a declared language has no translation file",
         "Every language in `languages` other than the source needs `i18n/<lang>.yaml`: `imprenta i18n init "
         "PATH --lang <lang>` writes one to fill in."),
    Code("I18N008", "undeclared-language", "note", "a translation file for a language the game does not declare",
         "A translation in progress: checked, not built (`build --lang` refuses it); declare it in `languages` to "
         "build its edition."),
    Code("I18N009", "unreadable-translation-file", "error", "a PO or XLIFF file cannot be imported",
         "Export it again with `imprenta i18n export`, or fix the line named (msgfmt --check shows PO errors)."),
    # Unknown facts.
    Code("UNK001", "unknown-fact", "note", "a fact recorded as unknown",
         "The rulebook does not give it; a proof build prints a numbered placeholder mark and lists it on "
         "the proof sheet; a release build refuses it (REL001)."),
    Code("UNK002", "missing-declared-field", "error", "a card or counter leaves out a field its type declares",
         "A card type's `fields`, the effect (`text`) its own layout prints and a counter's values named by its kind's "
         "`value_format`/`back_format` are given, or `{unknown: why}`: never a blank that reads as \"none\". "
         "`no_values: true` says a side prints none on purpose."),
    Code("REL001", "unknown-in-release", "error", "a release build of a game that still has unknown facts",
         "A release (`--release`, the press profile) prints no placeholder: give the values, or build a proof."),
    Code("REL002", "reconstruction-in-release", "error", "a release build of a reconstruction the publisher has "
         "not confirmed", "A release prints no seal: check the reconstructed fact, then add `confirmed: true` to its "
         "`reconstructed` entry (or state the fact and remove the entry); or build a proof."),
    Code("REL003", "translation-in-release", "error", "a release build in a language whose translation lacks texts "
         "or translates older versions of them", "A release prints no source-language text in another edition: "
         "translate what `imprenta i18n status` lists (a stale translation prints in a proof after ‡ for review; a "
         "reworded text's old translation is only a suggestion), or build a proof."),
    # Rendering: what the data says does not fit the page it is printed on.
    Code("LAY001", "text-overflow", "error", "a text does not fit its box even at the layout's smallest size",
         "Shorten the text (or its translation), or give the layout element a smaller min_size."),
    Code("LAY002", "missing-glyph", "error", "a character the font cannot print",
         "The PDF would show a blank in its place; use another character or a font that has it."),
    Code("LAY003", "bad-layout", "error", "a layout file that cannot be used",
         "A layout named by a piece kind or card type must exist under templates/layouts/ (shipped, or in the "
         "game's own templates/) and be a valid layout file; the message says which part is wrong."),
    Code("LAY004", "missing-image", "error", "an image that cannot be printed; the output that needs it is not "
         "written (a sheet with a hole in it is worse than none)",
         "Give a readable PNG or JPEG inside the game folder, of at most 40 million pixels."),
    Code("LAY005", "bad-template", "error", "a rulebook or aid template that cannot be used",
         "A rulebook or aid template in the game's templates/ must be UTF-8 Jinja2 that parses; the message "
         "gives Jinja's complaint and the line. Start from the shipped template of the same name."),
    Code("LAY006", "illegible-text", "warning", "a layout prints a text under its min_text, or so close to a "
         "symbol, another text or a band's edge that they touch", "Move or enlarge the boxes in the layout."),
    Code("LAY007", "unprinted-field", "warning", "data that no layout prints: a field a card type declares, a card "
         "number, a counter side's values, label or words", "Print it in the layout, or remove it from the data."),
    Code("LAY008", "indistinguishable-pieces", "warning", "two pieces of different cups, factions, forces or "
         "sides (or the two named sides of one piece) print identical faces, so they cannot be sorted once mixed",
         "Print what sets them apart: a side mark, the cup's mark, a colour or a band."),
    Code("LAY009", "anatomy-callout", "warning", "a rules section's anatomy figure has a callout whose `shows` "
         "names no box of the piece's layout, or a side the piece does not have: its number is in the legend only",
         "Name what the box prints (title, number, value:attack, field:vrr, image, symbol, table, icon:<id>), as "
         "the layout file writes it."),
    # Digital play modules (VASSAL, Tabletop Simulator): what they hold against the bill of materials.
    Code("DIG001", "module-mismatch", "error", "a play module would not hold what the inventory counts",
         "The module leaves out counters or cards the inventory counts (a piece of an unknown kind, a card of "
         "no deck); fix the data, the module follows."),
    Code("DIG002", "start-hexes-mismatch", "warning", "a force has more counters than start hexes, or fewer",
         "A module places a force's counters on its start hexes in the order the data lists them; the "
         "counters left over wait on the table, and hexes left over stay empty."),
    Code("OUT001", "cannot-write", "error", "an output file cannot be written; the previous files are kept",
         "Check that the output folder (`--out`) exists or can be made, that you may write there and the disk "
         "is not full; nothing half-written replaces a good file. No output is written through a symbolic link "
         "(the output folder, OUT/<game> or OUT/<game>/<lang> being one is refused), and a language folder that "
         "holds files but no manifest.json is not an Imprenta output, so it is kept and the build refused: "
         "choose another --out."),
    Code("OUT003", "refused-resource", "error", "an output names a file outside the game folder or a URL",
         "Nothing outside the game folder and Imprenta's templates is read, and nothing is fetched."),
    Code("OUT004", "render-stopped", "error", "an output's render ran past its time or memory limit",
         "Each output is rendered with a time and memory limit, so content cannot exhaust the machine; look "
         "for content that makes the output huge (an enormous table, thousands of copies, a giant image)."),
    Code("OUT005", "gutter-dropped", "note", "the profile's gutter between pieces was given up so a sheet holds "
         "more of them (poker cards on Letter); the pieces touch and share their cuts",
         "Keep the gutter with a profile whose margin is smaller (`margin: 4`), a larger paper, or accept "
         "fewer pieces per sheet."),
    Code("OUT002", "render-failed", "error", "an output could not be made; the previous files are kept",
         "This is a bug in Imprenta, not in the content: please report it with the message and the game. The "
         "other outputs are written, and this one's previous files are kept."),
    Code("OUT006", "undeclared-component", "note", "the data holds a component the game's `components` do not list, "
         "so a build leaves it out", "List it in `components` (game.yaml) to build it by default; `--only` builds "
         "it once. A manifest that lists no components builds everything the data holds."),
    # Confinement: what a game folder may make Imprenta read, run or exhaust (content is untrusted). A game's own
    # `checks: ignore/warn` cannot silence these; only the command line's --ignore can.
    Code("SEC001", "symbolic-link", "error", "a symbolic link in the game folder; it is not followed",
         "A link could point anywhere on the machine (a key, a password file) and land in an output or a CI log. "
         "Put the file itself in the game folder."),
    Code("SEC002", "name-leaves-folder", "error", "a name that must stay in its folder is a path (`..`, absolute, "
         "a URL) or names something that is not a file",
         "Layouts and profiles extend others by name (`extends: unit`), languages are codes (`en`, `pt-BR`), "
         "and files are named relative to the game folder."),
    Code("SEC003", "shipped-profile-replaced", "warning", "a game file with the name of a shipped print profile, "
         "which it does not replace",
         "`home` and `press` always mean the shipped profiles; give the game's profile another name."),
    Code("SEC004", "active-content", "error", "a template puts a script, an event handler or a remote resource "
         "in an output",
         "The rulebook and living rules are documents: no <script>, no on…= attributes, no javascript: links, and "
         "stylesheets, images and fonts come from the game folder or Imprenta's templates, never a URL."),
    Code("SEC005", "check-stopped", "error", "the check of a game ran past its time or memory limit, or its process "
         "ended", "`check`, `build` and `watch` check under the same limits. Look for a number that makes a "
         "drawing or a grid enormous (a design width of 1e-300, a size in the millions), or a file nested "
         "thousands of levels deep."),
    Code("SEC006", "bad-format", "error", "a format string in the content that Imprenta cannot use",
         "An id format names {col} and {row}, each with at most a fill, a width of up to 3 digits and `d`: "
         "\"{col:02d}{row:02d}\", \"{col}.{row}\"."),
    *(Code(*fields) for fields in PRESS),
    # Editions: a build `--since` an earlier version (git revision or folder) of the game.
    Code("EDN001", "since-not-found", "error", "the earlier version named by --since does not exist",
         "Name a git revision of the repository the game is in, or a folder holding the earlier game: "
         "`--since v1.0` (a tag), `--since 4f2a9c1`, `--since HEAD~2`, `--since ../mar-y-acero-1.0`."),
    Code("EDN002", "uncommitted-changes", "error", "the game folder has changes that are not committed",
         "An errata compares two versions anyone can rebuild: commit (or stash) the changes first, e.g. "
         "`git commit -am 'Errata 1.1'`; or, for a work in progress, `checks: {warn: [EDN002]}` in game.yaml."),
    Code("EDN003", "since-unreadable", "error", "the earlier version cannot be read or loaded",
         "git failed to read it, it is too large, or its game folder cannot be loaded at all (no game.yaml, "
         "a broken manifest): e.g. `--since v0.1` from before the game had a game.yaml."),
    # Problems outside content.
    Code("CLI001", "bad-option", "error", "a command-line option with a value that is not allowed",
         "Run the command with `--help` to see the allowed values and their defaults."),
    Code("CLI002", "not-a-game", "error", "the path is not a game folder",
         "Give the path of a folder holding `game.yaml`, or a folder of such folders; from outside the "
         "repository, write the path (`imprenta build path/to/my-game`)."),
)

CODES: dict[str, Code] = {c.code: c for c in _TABLE}
BY_NAME: dict[str, Code] = {c.name: c for c in _TABLE}

assert len(CODES) == len(_TABLE) and len(BY_NAME) == len(_TABLE), "duplicate code or name"
