"""Examples of the codes that no small broken game of text files in the test catalogues can show: a build,
a preflight or the command line reports them, or the case needs a symbolic link, another encoding or real
geography. Each says the situation a user meets. The codes the catalogues show (tests/checks/
test_catalogue.py, tests/load/test_broken_content.py) are printed from a checked run instead; docs/generate.py
writes both into docs/reference/codes.md, and tests/test_documented.py wants one of the two for every code."""

EXAMPLES: dict[str, str] = {
    "YML002": "`pieces.yaml` saved as Latin-1 by an old editor: `imprenta check` names the file, the line and the "
              "byte that is not UTF-8. Save it again as UTF-8.",
    "REF005": "`imprenta check demo --select REF005` of a rulebook whose section 'late-arrivals' no "
              "`{ref:late-arrivals}` names: one note at the section's id.",
    "MAP009": "a `sea` route from Toledo, whose outline on the game's map reaches no sea (`routes: [{to: "
              "sardinia-sea, kind: sea}]`): the warning is at the route's `to`.",
    "MAP010": "`attributes: {port: true}` on a location whose anchor lies 40 km from the coastline `map.geography` "
              "draws, with `port_km: 12`.",
    "MAP013": "a hex map with `map.geography` (Lepanto's gulf) where hex 1205 is `terrain: sea` but the coastline "
              "puts half of it on land, or a `land_terrain` hex that the coastline leaves in open water.",
    "MAP014": "`reconstructed: {colours: {why: …}}` on a map, where the field is `colors`: the error is at the key, "
              "and the hint lists what a key may name (a field, a path such as `locations.colors`, or `borders`).",
    "EDN001": "`imprenta build content/mar-y-acero --since v1.0` in a repository with no tag v1.0 (or a folder "
              "`--since ../old` that does not exist): nothing is built, and the message says what was looked for.",
    "EDN002": "`--since v1.0` while `rules.yaml` has edits not yet committed: the errata would compare a version no "
              "one else can rebuild, so the build stops and names the file.",
    "EDN003": "`--since 4f2a9c1`, a commit from before the game folder had a `game.yaml`: the earlier version cannot "
              "be loaded, and nothing is built.",
    "I18N009": "`imprenta i18n import demo en.po` where a translator's tool left `msgid \"Galera` without its closing"
              " quote: the error names the file and the line.",
    "REL001": "`imprenta build --profile press` (a release) of a game where `copies: {unknown: \"not in the counter "
              "manifest\", assume: 2}` still stands: nothing is written, and the message lists where the unknown "
              "facts are.",
    "REL002": "`imprenta check content/maquiavelli --release`: the map's `reconstructed: {borders: …}` "
              "(the borders beyond the 48 pairs of neighbours the rules state) is an error at its line until the "
              "entry says `confirmed: true`.",
    "REL003": "`imprenta build demo --lang en --release` where `piece.a.name` has no English entry: nothing is "
              "written, and the message names the key and the file and line of its Spanish text.",
    "LAY009": "`anatomy: {card: second-voyage, callouts: [{shows: vp, text: Puntos de victoria}]}` in a rules section, "
              "while the event card's layout prints no {vp}: the warning is at the callout's `shows`.",
    "DIG001": "a piece whose `kind` is misspelt and so is left out of the VASSAL module and the Tabletop Simulator "
              "save, while the inventory counts its copies.",
    "OUT001": "`imprenta build demo --out /read-only` (a folder you cannot write to): every output is reported and "
              "none is left half-written.",
    "OUT003": "a rule's prose with a picture named by URL (`![mapa](https://example.com/mapa.png)`): the rulebook "
              "is not written, and the message names the URL.",
    "OUT004": "a counter sheet of a piece with `copies: 10000` at a large size: the render of counters is stopped "
              "and the previous files are kept.",
    "OUT005": "poker cards printed with the home profile on `--paper letter`: three rows fit only without the 3 mm "
              "gutter, so the cards touch and share their cuts.",
    "OUT002": "an output whose renderer raised an unexpected error: the message names the output, the language and "
              "the line of Imprenta where it failed, for a bug report.",
    "OUT006": "`components: [counters, rules]` in a game that also has a map: `imprenta build` writes no map.pdf, "
              "map.svg nor map-tiles.pdf, and says so once.",
    "SEC001": "`demo/art/logo.png` is a symbolic link to `/home/me/.ssh/id_rsa`: the link is reported and not "
              "followed, and nothing it points to is read.",
    "SEC005": "a map whose grid's `size` is `0.01` with hundreds of columns: the check is stopped at its limit and "
              "reports this code instead of freezing the machine.",
    "PRE001": "`imprenta preflight rules.pdf` of a rulebook built with the home profile (RGB): each RGB colour is "
              "listed once, with its page.",
    "PRE002": "`imprenta preflight counters.pdf` of a sheet built with the home profile, which writes plain PDF.",
    "PRE003": "`imprenta preflight cover.pdf` of a cover exported by another program that uses Helvetica without "
              "embedding it.",
    "PRE004": "a card illustration of 300×400 pixels printed 57 mm wide: about 130 ppi, under the 300 ppi the press"
              " profile asks.",
    "PRE005": "a palette colour `{cmyk: [90, 80, 80, 90]}` (340 %) in a press build: preflight names the colour and"
              " the page.",
    "PRE006": "4 pt rich black text (C, M, Y and K) on a counter, in a press build.",
    "PRE007": "`imprenta preflight` of a PDF exported by another tool without a TrimBox.",
    "PRE008": "a sheet built with `bleed: 1` checked against a print shop that asks for 3 mm.",
    "PRE009": "`pdfx: x-1a` in a profile, with a PNG illustration that has an alpha channel.",
    "PRE010": "`imprenta preflight notes.txt`, or a PDF truncated by an interrupted copy.",
    "PRE011": "a PDF exported by another tool without CreationDate and ModDate, or with `/Trapped /Unknown`.",
    "PRE012": "a PDF saved with a password or with printing restrictions.",
    "PRE013": "a PDF that runs JavaScript when opened, or holds a form field or an attached file.",
    "PRE014": "a rulebook PDF made for reading, with its links, given as a print file.",
    "PRE015": "a PDF whose graphics state sets a transfer function (`/TR`), as old PostScript workflows wrote.",
    "PRE016": "a text or picture coloured in Registration (`/All`) on the page, not only the crop marks.",
    "PRE017": "a map whose background stops at the trim although its BleedBox leaves 3 mm around it.",
    "PRE018": "a PDF whose forms draw each other hundreds of levels deep.",
    "CLI001": "`imprenta build demo --profile pres` (no such profile: home, press, or a profile .yaml file).",
    "CLI002": "`imprenta check ~/Documents` (a folder with no game.yaml and no game folders in it).",
}
