"""The registry of problem codes: one entry for each code variantkit emits.

Each entry holds the code, its default severity, a message template (what the
problem is, ``{placeholders}`` where the message carries a value) and the
hint.  docs/format.md's code tables are generated from here by
``scripts/make_code_table.py``; tests/test_codes.py checks that every code the
source emits is registered, emitted with its registered severity, and that no
registered code is dead.  Foundation layer: imports nothing of ours.
"""
from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Dict, FrozenSet, Tuple

ERROR = "error"
WARNING = "warning"

# The tables of docs/format.md, in the order they appear there.
GROUPS: Dict[str, str] = {
    "variant": "the variant file (`validate`)",
    "game": "positions, orders and games (`adjudicate`, `play`, `render`)",
    "lint": "lint (`lint`, `balance`)",
    "formats": "other formats (`import`, `export`)",
    "drawings": "drawings (`import svg`, `check-art`)",
    "editor": "the editor",
}


@dataclass(frozen=True)
class Code:
    code: str
    severity: str
    message: str     # template: the summary of the problem, {placeholders} for values
    hint: str
    group: str
    # a code some emitters give the other severity, and when: "warning", "on water"
    also: Tuple[str, str] = ("", "")

    @property
    def severities(self) -> Tuple[str, ...]:
        return (self.severity, self.also[0]) if self.also[0] else (self.severity,)

    @property
    def placeholders(self) -> FrozenSet[str]:
        """The names the message and hint templates take."""
        return frozenset(name for template in (self.message, self.hint)
                         for _, name, _, _ in string.Formatter().parse(template) if name)

    def render(self, **params: object) -> Tuple[str, str]:
        """(message, hint) with the values filled in: what users see is what the docs say.
        A placeholder without its value is a KeyError; a value no placeholder takes, a TypeError."""
        extra = set(params) - self.placeholders
        if extra:
            raise TypeError(f"{self.code} takes no {', '.join(sorted(extra))}")
        return self.message.format(**params), self.hint.format(**params)


def _group(group: str, *rows: tuple) -> Tuple[Code, ...]:
    return tuple(Code(row[0], row[1], row[2], row[3], group, *row[4:]) for row in rows)


E, W = ERROR, WARNING

_ALL = (
    _group(
        "variant",
        ("VK001", E, "the file {path} cannot be read (missing, binary, not UTF-8 text, or too big): {reason}",
         "give the variant's .yaml file, saved as UTF-8 (a variant file is a few MB at most)"),
        ("VK002", E, "not valid YAML: {reason}",
         "fix the YAML syntax at this place (indentation, quotes, colons)"),
        ("VK003", E, "a key must be a plain value, not a list or mapping", "write the key as a word"),
        ("VK004", E, "duplicate key {name} (first at line {first})", "remove or merge one of the two entries"),
        ("VK005", E, "the {what} {path} is not a regular file but {kind}",
         "give the path of a file"),
        ("VK006", E, "the values nest deeper than {limit} levels",
         "a variant file nests a few levels; is this the right file?"),
        ("VK007", E, "the file uses over {limit} '*' aliases",
         "write the values out instead of through '*' aliases"),
        ("VK023", E, "the alias *{anchor} is inside the value it names", "a value cannot contain itself"),
        ("VK024", E, "the file expands to over {limit} values (aliases copy whole parts)",
         "write the values out instead of through '*' aliases"),
        ("VK017", E, "cannot read the value {value} (a date that does not exist, a number of thousands of digits)",
         "quote it to keep it as text"),
        ("VK018", E, "the file is empty", "a variant file starts with 'format: 1'"),
        ("VK019", E, "{value} is not a finite number", "give a number"),
        ("VK008", E, "{line} is {length} characters long, over the limit of {limit} of its reader "
         "(an order: 1,000 characters; a map line: 10,000)", "one entry a line"),
        ("VK009", E, "cannot write {path}: {reason}; nothing was written, every file that was there is as it was",
         "check the path, its permissions and free space"),
        ("VK010", E, "{where}: {schema_message} (the schema rejects the value)", "see schemas/variant.schema.json"),
        ("VK011", E, "unknown field {field} in {where}", "allowed here: {allowed}; check the spelling"),
        ("VK012", E, "{where}: a required field is missing: {schema_message}", "add the missing field"),
        ("VK013", E, "{where}: a value of the wrong type or out of range: {schema_message}",
         "give a value of the kind the schema names: {advice}"),
        ("VK014", E, "{where}: bad id {id}",
         "ids are lowercase letters, digits, '-' and '_' (an order code such as 'spa')"),
        ("VK015", E, "{where}: a subvariant with a full variant's sections: {schema_message}",
         "a subvariant (with 'extends') states only 'changes'; "
         "a full variant has 'provinces', 'edges' and 'powers'"),
        ("VK016", E, "{where}: {value} holds {character} (a control character, line break or bidirectional "
         "control)", "a name, alias or path is one line of plain text: remove the character (control "
         "characters and line breaks would end a line in another judge's file)"),
        ("VK020", E, "'extends' makes a cycle through {path}", "a subvariant extends a full variant, not itself"),
        ("VK021", E, "the base variant {path} does not exist",
         "give the path of the base variant relative to this file (looked for {looked})"),
        ("VK022", E, "the {what} {ref} is outside the variant's folder (an `extends`, `art`, DPjudge `USE`, "
         "jDip URI; see docs/security.md)",
         "keep referenced files inside {folder}, or name a folder to trust with --trust DIR or {env}"),
        ("VK030", E, "{path} exists (nothing is written)", "give another name, or --force to replace it"),
        ("VK031", E, "{path} is one of this command's inputs{which} (never written, even with --force)",
         "write somewhere else"),
        ("VK032", E, "{path} is a folder that is not empty (nothing is written)",
         "give a new or empty folder, or --force to write into it"),
        ("VK033", E, "{path} is not a regular file (a folder, a FIFO, a device): nothing was written",
         "write to a file"),
        ("VK035", E, "{path} resolves outside the variant's folder (to {real}); nothing was written",
         "remove the link, or attach a drawing of another name"),
        ("VK036", E, "cannot read or write {path}: {reason}", "check the path, its permissions and free space"),
        ("VK034", E, "{path} appeared while this command ran (another writer?); nothing was written",
         "give another name, or --force to replace it"),
        ("VK101", E, "edge {a} - {b}: no location {end}", "use a province id or a named coast such as 'spa/nc'"),
        ("VK100", E, "edge {a} - {b}: {province} has no coast {coast}",
         "name one of its coasts, or the province alone"),
        ("VK102", E, "{units} edge {a} - {b} is listed twice (first as edge {first})", "remove one of them"),
        ("VK103", E, "army edge {a} - {b} enters {end}, which is {terrain}",
         "armies enter land and coast only: make it a fleet edge or change the terrain"),
        ("VK109", E, "fleet edge {a} - {b} enters {end}, which is {terrain}",
         "fleets enter water and coast only: make it an army edge or change the terrain"),
        ("VK104", E, "fleet edge {a} - {b} enters multi-coast {province} without naming a coast",
         "name the coast: one of {coasts}"),
        ("VK105", E, "army edge {a} - {b} names the coast {end}",
         "armies move between provinces: use {province}, and keep {end} for the fleet edge"),
        ("VK106", E, "edge {a} - {b} joins a province to itself", "remove the edge"),
        ("VK107", E, "edge {a} - {b} is restricted to unknown power {power}", "use one of: {powers}"),
        ("VK108", W, "edge {a} - {b} enters {end}, which is impassable",
         "nothing ever crosses it: remove the edge, or give the space the terrain "
         "it has when passable and a 'passable_in' list"),
        ("VK110", E, "the name {name} of {province} is also a name of {other}",
         "names, codes and aliases must be unique: rename or drop one"),
        ("VK111", E, "the name {name} of {province} is an order keyword",
         "orders could not tell it from the keyword: choose another name"),
        ("VK112", W, "the name {name} of {province} is also a name of the power {power}",
         "variantkit reads it by context, but DPjudge's parser rejects it; "
         "exporters to DPjudge drop such an alias"),
        ("VK113", W, "the code {name} of {province} is a word DPjudge's parser rejects",
         "variantkit reads it, but DPjudge rejects it; an export to DPjudge must rename it"),
        ("VK115", W, "the name {name} of {province} is a word the diplomacy package and DPjudge read as an "
         "order keyword",
         "variantkit reads it, but the diplomacy package and DPjudge drop or misread the word in orders "
         "(an export there would not load): choose another name"),
        ("VK116", E, "the alias {name} of {province} is the coast {coast} of another province ({other})",
         "orders naming that coast would reach {province}: drop the alias"),
        ("VK114", W, "{where}: {value} {note} (an invisible or look-alike character, or mixed scripts)",
         "a player cannot tell it from the plain letters it looks like, and judges compare the characters: "
         "write it in plain letters unless it is meant"),
        ("VK120", E, "{province} cannot be reached from the rest of the map",
         "add an edge to it (an off-board box is linked by hand)"),
        ("VK130", E, "home centre {province} of {power} is not a province", "name a province id"),
        ("VK131", E, "home centre {province} of {power} is not a supply centre",
         "set center: true on {province}, or remove it from the homes"),
        ("VK132", E, "{province} is a home centre of both {power} and {other}", "a home centre belongs to one power"),
        ("VK133", E, "starting centre {province} of {power} is not a supply centre", "list supply centres only"),
        ("VK134", E, "unit {unit} of {power} stands on unknown location",
         "use a province id or a coast such as 'stp/sc'"),
        ("VK135", E, "unit {unit} of {power} cannot stand there: {kind}s cannot stand on {place}",
         "an army stands on land or a coast province, a fleet on water, a single-coast province or a named coast"),
        ("VK138", E, "unit {unit} of {power} stands on multi-coast {province} without naming a coast",
         "name a coast: {coasts}"),
        ("VK136", E, "{province} holds two starting units ({power} and {other})", "one unit a province"),
        ("VK137", W, "unit {unit} of {power} does not start on one of its home centres",
         "place starting units on home centres, or add the centre to the homes"),
        ("VK140", W, "victory at {victory} is not above half of the {centers} centres",
         "two powers may reach it at once: the one with more centres wins, a tie wins for nobody; "
         "use at least {least} if that is not meant"),
        ("VK141", E, "victory at {victory} needs more than the {centers} centres", "use at most {centers}"),
        ("VK150", E, "{province} lies inside {host}, which is not a province",
         "name the land province it lies in (the Suez lies in egy)"),
        ("VK151", E, "{province} lies inside {host} but is {terrain}", "a space inside a land province is water"),
        ("VK152", E, "{province} lies inside {host}, which is {terrain}",
         "it must lie inside a land or coastal province"),
        ("VK153", E, "{province} lies inside {host} but borders {other}, which does not touch {host}",
         "a space inside {host} borders only {host}'s coasts and the waters next to {host}"),
        ("VK160", E, "{province} is passable in {season}, which is not a season of the calendar",
         "use one of: {seasons}"),
        ("VK161", E, "{province} is impassable and yet passable in {seasons}",
         "give the terrain it has when passable (e.g. water) and keep 'passable_in'"),
        ("VK162", W, "edge {a} - {b} is a strait that fleets cross",
         "a strait is a crossing of armies over water (Loeb9's Cordoba - North Africa); set units: army"),
        ("VK163", E, "a season is listed twice", "list each season once"),
        ("VK164", E, "edge {a} - {b} is open in {season}, which is not a season of the calendar",
         "use one of: {seasons}"),
        ("VK170", E, "{power} and {other} share the letter {letter}",
         "give each power its own letter (Youngstown's India signs as N)"),
        ("VK171", E, "{power} and {other} share the name {name}", "give each power its own name and adjective"),
        ("VK190", E, "{province} has named coasts but its terrain is {terrain}",
         "named coasts belong to a province of terrain 'coast'"),
        ("VK191", W, "{province} has a single named coast {coast}",
         "name coasts only where a province has two or more; otherwise remove 'coasts'"),
        ("VK192", E, "{province} is a supply centre on {terrain} terrain",
         "a supply centre is a land or coastal province", (W, "on water")),
        ("VK193", E, "{province} is a port but is {terrain} (a port is a coastal province with one coast)",
         "a port is a coastal province with one coast (a sea convoys anyway)"),
        ("VK301", E, "the base has no province {province} to change",
         "name a province of the base variant, or add it under add_provinces"),
        ("VK302", E, "the base already has a province {province}", "change it under 'provinces' instead"),
        ("VK303", E, "the base has no {units} edge {a} - {b} to remove",
         "check the endpoints and the unit type against the base"),
        ("VK304", E, "the base has no power {power}", "name a power of the base variant"),
        ("VK305", W, "the base has no rule option {option}", "a subvariant switches options its base defines"),
    ),
    _group(
        "game",
        ("VK400", E, "the game file or input {path} cannot be read (missing, not UTF-8 JSON, or over 64 MB): {reason}",
         "give a game saved by 'variantkit play --save', or send one JSON object on stdin"),
        ("VK401", E, "{field}: {value} is not {expected}",
         "{advice} (docs/format.md shows the shape of a position and a game file)"),
        ("VK413", E, "{field}: unknown power {power}", "powers of {variant}: {powers}"),
        ("VK414", E, "{field}: the unit {unit} stands on no location of {variant}",
         "use the variant's ids, with coasts as spa/nc"),
        ("VK415", E, "{field}: two units in {province}", "one unit a province"),
        ("VK402", E, "the order script {path} cannot be read (missing, not UTF-8 text, or over 16 MB): {reason}",
         "save the script as UTF-8 text, one order a line"),
        ("VK408", E, "{line} is not a phase", "a phase line is written like S1901M, F1901R or W1901A"),
        ("VK409", E, "orders before any phase line", "start each phase with its name, e.g. S1901M"),
        ("VK403", E, "{where}: {power} orders {owner}'s unit {unit}", "a power orders only its own units"),
        ("VK411", E, "{where}: an order filed under {power} is for {other}", "file it under {other}"),
        ("VK404", E, "{field}: {unit} cannot stand on {location} (an army at sea or on a coast, "
         "a fleet inland or on a multi-coast province without its coast)", "{why}"),
        ("VK405", E, "{field}: {centre} is not a supply centre of {variant}",
         "list only the variant's supply centres, by id"),
        ("VK406", E, "{field}: {centre} is owned by {owner} and by {power}",
         "a centre has one owner"),
        ("VK407", E, "the orders of {count} moving units depend on each other in a circle too long to adjudicate",
         "a circle of moves may hold up to about 200 units: break it with a hold"),
        ("VK410", E, "the game has no phase {phase} (`render --phase`)", "phases played: {phases}"),
        ("VK412", E, "no power is called {power} (`options --power`)", "powers of {variant}: {powers}"),
        ("VK501", E, "cannot write {path}: no PNG renderer is installed",
         "install the Qt front end (pip install 'variantkit[gui]'), or write .svg instead"),
    ),
    _group(
        "lint",
        ("VK550", W, "{provinces} meet at one point ({x}, {y}) of the drawing",
         "players cannot tell which of them border there: draw a short border between the two that do{unlinked}"),
        ("VK551", W, "{a} and {b} are linked but share no neighbour, while the drawing shows {third} touching both",
         "link {first} to {a} and {b}, or redraw the border"),
        ("VK552", W, "{location} is coastal but no fleet there can sail to any sea",
         "add a fleet edge to the sea it fronts, or make it land"),
        ("VK558", W, "{province} borders {sea} in the drawing but no fleet may sail between them",
         "add a fleet edge {province} - {sea} (or the coast that fronts it)"),
        ("VK553", W, "no unit can reach the neutral centre {province} in the first year",
         "it stays neutral at least until 1902 (two moves, convoys by the power's own fleets counted): "
         "move it, or start a unit nearer"),
        ("VK554", W, "{a} ({power}) and {b} ({other}) are home centres of two powers side by side",
         "each can attack the other's home in Spring 1901: intended?"),
        ("VK555", W, "{a} -> {b} runs one way only ({units})",
         "most judges have no one-way links: see the export reports"),
        ("VK556", W, "{format}: {message} ({code})",
         "{hint} ({format} would read the variant differently: names other parsers reject, VK112 and VK113, "
         "and each exporter's report, one line per kind of finding)"),
        ("VK559", W, "{format}: the export failed: {error}", "report this as a bug (the traceback is in the log)"),
        ("VK557", E, "--games must be 0 to {games} and --years 1 to {years} (`balance`)", "e.g. --games 50 --years 10"),
    ),
    _group(
        "formats",
        ("VK601", E, "the DPjudge map {path} cannot be read (missing, binary, over its size limit, or too many USEs): "
         "{reason}", "give the .map text file (a DPjudge map is a few kB); USE each file once"),
        ("VK602", E, "{file} includes itself", "remove the USE line that makes the cycle"),
        ("VK603", E, "cannot read BEGIN {words}: {why}", "write e.g. BEGIN SPRING 1901 MOVEMENT"),
        ("VK640", E, "BEGIN {words}: no such phase in the year",
         "movement and retreats come in the movement seasons, adjustments in the last season"),
        ("VK641", E, "VICTORY needs a number of centres, not {text}", "write e.g. VICTORY 18"),
        ("VK604", E, "cannot read the line {text}",
         "a power line starts with the power's name (docs/formats/dpjudge.md lists the directives variantkit "
         "reads)"),
        ("VK635", E, "the power letter {letter} is not allowed",
         "DPjudge refuses an empty letter, M and ?: pick another"),
        ("VK636", E, "{what} ALL must be followed by EXCEPT and powers",
         "write '{what} ALL' or '{what} ALL EXCEPT NAME...'"),
        ("VK637", E, "{what}: no power {powers}", "name powers defined above (in this file or one it USEs)"),
        ("VK638", E, "DUMMIES needs a list of powers", "write 'DUMMIES NAME...' or 'DUMMY' below a power"),
        ("VK651", E, "UNOWNED cannot be renamed, nor be a new name",
         "rename one power to another: 'OLD -> NEW (ADJECTIVE)'"),
        ("VK652", E, "rename of the power {power}: no such power",
         "rename a power defined above (in this file or one it USEs)"),
        ("VK605", E, "the name line {text} lacks a full name or a code", "write 'Full Name = abc alias...'"),
        ("VK606", E, "cannot read the rename {text}", "write 'OLD -> New Name = new aliases...'"),
        ("VK607", E, "expected ABUTS after {location}, found {found}", "write '{kind} {location} ABUTS ...'"),
        ("VK646", E, "{kind} names no location", "write '{kind} CODE ABUTS ...'"),
        ("VK608", E, "AMEND {location}: no such location yet",
         "define the location with LAND/WATER/COAST before amending it"),
        ("VK609", E, "cannot read the neighbour {text}",
         "a neighbour is a code such as MAO, spa, Tys or BUL/EC, optionally with ~ or *"),
        ("VK610", W, "{directive} is a judge setting, not part of the variant: left out",
         "nothing to do unless the game needs it"),
        ("VK642", W, "{text}: the victory counts after the first (lowered as players leave) are left out",
         "the model has one count"),
        ("VK643", W, "{directive} ({what}) is not represented: left out", "games on variantkit play without it"),
        ("VK644", E, "cannot read the directives line {text}",
         "write 'DIRECTIVES', 'VARIANT DIRECTIVES' or 'END DIRECTIVES'"),
        ("VK611", W, "{text} holds only {phase}: not represented",
         "variantkit reads 'IN SEASON: TERRAIN CODE' (a space open or shut for a season)"),
        ("VK647", W, "IN {season}: not a season of this map ({seasons}); not represented",
         "name a season the FLOW (or DPjudge's default year) has"),
        ("VK612", W, "DROP {code}: no such location", "check the code"),
        ("VK613", W, "the limits {limits} of the alternative home {home} are not represented",
         "edit the homes by hand"),
        ("VK653", W, "{text}: a {what} (a build site that is not a centre) is not represented; left out",
         "the model builds only in centres"),
        ("VK654", W, "{text}: the {what} home is kept as a plain home", "the model has no hidden or alternative homes"),
        ("VK614", E, "the unit {unit} belongs to no power", "put unit lines after their power's line"),
        ("VK655", E, "{word} before any power", "put {word} below its power's line"),
        ("VK656", E, "cannot read the unit {text}", "write 'A CODE' or 'F CODE/COAST'"),
        ("VK615", E, "rename of {code}: no such location",
         "rename a location named above (in this file or one it USEs)"),
        ("VK616", W, "IN {season}: no location {code}", "check the code"),
        ("VK617", E, "{code} abuts {other}, which is not a location", "define it, or fix the code"),
        ("VK618", W, "{a} -> {b} is a {units} move with no way back; kept as one-way",
         "add {a} to {b}'s line if the link is meant both ways"),
        ("VK619", W, "the half-strength link {a} - {b} is kept as an ordinary link",
         "the model has no half-strength moves"),
        ("VK620", W, "the centre condition {condition} on {a} - {b} is not represented",
         "the model restricts links by power only"),
        ("VK621", W, "{code} has no name line", "add 'Full Name = code ...'"),
        ("VK622", W, "{code} is a PORT with coasts: read as a coast that does not convoy",
         "DPjudge's ports convoy from one coastal space"),
        ("VK650", W, "{code} shut in {season} is not represented", "give passable_in the seasons it is open"),
        ("VK623", W, "{code} is written in lower case but has no coast lines",
         "a lower-case province line marks a multi-coast province"),
        ("VK624", W, "the ambiguous alias {alias} of {code} is also a code; dropped",
         "DPjudge marks it with '?' and asks which is meant; variantkit needs unique names"),
        ("VK625", W, "{location} abuts itself ({text}): left out", "a space is not its own neighbour"),
        ("VK626", E, "the map defines no locations",
         "a DPjudge map has LAND/WATER/COAST lines (or USEs a map that has)"),
        ("VK627", E, "the map defines {count} power(s)", "DPjudge needs at least two powers"),
        ("VK628", W, "{power} is a dummy power on DPjudge (nobody plays it): kept as an ordinary power",
         "leave it without orders"),
        ("VK629", E, "the unit {unit} of {power} stands on no location",
         "name a location defined above (renamed and dropped codes are gone)"),
        ("VK648", E, "the centre {centre} of {power} is not a location", "name a location defined above"),
        ("VK649", E, "the neutral centre {centre} is not a location", "name a location defined above"),
        ("VK630", E, "FLOW {items}: {why}: a year variantkit cannot play",
         "variantkit plays two movement seasons, then adjustments, years counted up by one: {advice}"),
        ("VK631", W, "RULE {name} is not honoured by variantkit's adjudicator: games on variantkit play without it",
         "docs/formats/dpjudge.md lists the rules variantkit honours"),
        ("VK632", W, "{directive}: a directive for games of DPjudge's variant {variant} only; not applied",
         "make a subvariant with the rule options it sets"),
        ("VK645", W, "{directive}: a line of a DIRECTIVES block that is not a RULE; not applied",
         "only RULE lines are read in a DIRECTIVES block"),
        ("VK633", W, "{block} is not closed: read to the end of the file",
         "close it (END DIRECTIVES, IN START)"),
        ("VK634", E, "{power} is a power with no homes, units or centres: a directive variantkit does not know?",
         "DPjudge reads an unknown word as a power's name; check the line"),
        ("VK701", W, "the alias {alias} of {province} is a power's name: DPjudge rejects it, left out", ""),
        ("VK703", W, "{province} is an off-board box: DPjudge has no such mark, written as an ordinary space", ""),
        ("VK704", W, "{province} lies inside {host}: DPjudge has no such mark, written as an ordinary space", ""),
        ("VK705", W, "the link {a} - {b} is open in {seasons} only: {format} has no seasonal links, "
         "written as open in every season", "check the exported game's first turns by hand"),
        ("VK706", W, "the colour of {power} is not part of a DPjudge map", ""),
        ("VK707", W, "the rule option {option}={value} has no DPjudge equivalent", ""),
        ("VK708", W, "the draw rule is a game setting in DPjudge, not part of the map", ""),
        ("VK702", W, "the draw rule: Diplicity has no such victory condition", ""),
        ("VK709", W, "the move modifier {modifier} of {a} - {b} is written as {written}: DPjudge knows only straits",
         ""),
        ("VK660", W, "the adjective {adjective} of {power} is written as {word}: DPjudge would read it as a place",
         ""),
        ("VK710", E, "the game starts in the year {year} (before Christ)",
         "DPjudge counts years from 1: start the variant in a later year"),
        ("VK711", W, "the link {a} - {b} (move modifier {modifier}) is written as an ordinary link: "
         "the package has no move modifiers", ""),
        ("VK712", W, "the link {a} - {b} is restricted to {powers}: written open to all", ""),
        ("VK713", E, "the one-way link {a} -> {b} would be read as a one-way adjacency by the package, "
         "which then misplays retreats", "make the link two-way, or export to DPjudge instead"),
        ("VK714", W, "{province} is passable in {seasons} only: written as {written}", ""),
        ("VK715", W, "HIBERNATE is not read by the package", ""),
        ("VK716", E, "{where} names {name}, which is no province of the map", "fix the ref, or add the province"),
        ("VK717", E, "the variant has wing units (OPTION_WINGS or a starting wing): variantkit has armies and "
         "fleets only", "this variant cannot be played on variantkit"),
        ("VK718", W, "the rule option {name}={value} or the game length is not honoured: games on variantkit "
         "play without it", "docs/formats/jdip.md lists what is read"),
        ("VK719", W, "{power} is inactive in jDip (nobody orders its units): kept as an ordinary power",
         "leave it without orders"),
        ("VK720", E, "the jDip file {path} cannot be read (missing, over its size limit, or not XML): {reason}",
         "give jDip's variants.xml (or its folder)"),
        ("VK721", E, "no VARIANT {name} with a MAP and an adjacencyURI in the file", "give jDip's variants.xml"),
        ("VK722", W, "{province}: unknown adjacency type {kind}", "jDip knows mv, xc, nc, sc, ec, wc"),
        ("VK723", W, "the border rule {border} ({description}) is not represented",
         "set the equivalent by hand (a strait, a season)"),
        ("VK724", E, "{province}: a home centre or starting unit of {power}, which is no power of the variant",
         "check the power names"),
        ("VK725", W, "the link {a} - {b} is written as an ordinary link "
         "(one-way and power-restricted links are not written)", ""),
        ("VK726", W, "{province} is written as always open (the target has no such season)", ""),
        ("VK727", E, "{province} has a coast jDip cannot name ({coasts})",
         "jDip's coasts are nc, sc, ec and wc: rename the coast"),
        ("VK728", W, "the map SVG is drawn on the schematic board: the variant's art was not given", ""),
        ("VK729", E, "cannot read the starting turn {turn}",
         "write it as turn=\"Spring, 1901, Movement\""),
        ("VK730", E, "the border {border} has a move modifier that is not a whole number: {modifier}",
         "jDip's baseMoveModifier is an integer such as -1"),
        ("VK731", W, "{province} is impassable: Diplicity has no such provinces, left out", ""),
        ("VK732", E, "the one-way link {a} -> {b}", "Diplicity requires every link on both ends: make it two-way"),
        ("VK733", W, "the link {a} - {b} (move modifier {modifier}) is written as an ordinary link", ""),
        ("VK734", W, "the link {a} - {b} restricted to {powers} is open to all", ""),
        ("VK735", W, "{province} is passable in {seasons} only: written as always open", ""),
        ("VK736", W, "{province} is an off-board box: written as an ordinary province", ""),
        ("VK737", E, "the id {id} is longer than 10 characters", "Diplicity rejects it after upload: shorten the id"),
        ("VK738", E, "the power {power} has an id or name over 50 characters", "shorten it"),
        ("VK739", W, "{power} has no colour: written as #888888", ""),
        ("VK661", W, "{power}'s colour {colour} is not #rrggbb: written as #888888", ""),
        ("VK662", W, "the civil disorder rule: Diplicity removes a power's units by the classic rule (farthest "
         "from home first), not by this variant's", "set civil_disorder: classic to play here as the host plays"),
        ("VK663", E, "the map's shapes or positions do not match the variant{missing}",
         "give every province a shape in the drawing"),
        ("VK740", W, "the host's schema is not at hand: checked against the schema's rules built into "
         "variantkit instead", "put the host's variant.schema.yaml beside the output, in "
         "~/.local/share/variantkit/diplicity/, or name it in VARIANTKIT_DIPLICITY_SCHEMA"),
        ("VK741", E, "the host's schema rejects {what}", "report this as a bug"),
        ("VK742", E, "{province} links to unknown {other}", "report this as a bug"),
        ("VK743", E, "the link {a} - {b} is not the same from both ends", "report this as a bug"),
        ("VK744", W, "{province} has no shape in the drawing: its click area is a small diamond at its unit "
                    "position", "draw the province in the variant's art"),
        ("VK745", W, "the map is drawn on the schematic board: the variant has no drawing and none was given",
         "give the variant a drawing (attach-art) or pass --art"),
        ("VK746", W, "the drawing {uri} is not a file beside variants.xml: imported without its art",
         "put the drawing beside variants.xml, or give it later with variantkit attach-art"),
        ("VK750", W, "{what}: webDiplomacy has no place for it, left out", ""),
        ("VK770", E, "{what} holds a character it may not: {character}",
         "remove the character: a name is one line of printable text"),
        ("VK771", E, "the written file does not read back as the host reads it: {what}", "report this as a bug"),
        ("VK772", W, "the {what} id {id} is written {written}: the host's ids are lowercase letters, digits and "
         "hyphens",
         ""),
        ("VK773", E, "two powers get the same id once written as the host's ids",
         "give the powers ids of lowercase letters, digits and hyphens"),
        ("VK774", W, "the rule option {option}: {value} is not written: Diplicity has no such adjudication "
         "modifier and plays its own rule", ""),
        ("VK775", E, "the name of {province} is {length} characters long; the host stores at most 50",
         "shorten the name"),
        ("VK776", E, "the host's schema {path} cannot be read (missing, not a file or over its size limit): {reason}",
         "give the host's variant.schema.yaml"),
        ("VK777", W, "{province} lies inside {other}: written as an ordinary province", ""),
        ("VK751", W, "{province} is impassable: left out (webDiplomacy draws it, it is no territory)", ""),
        ("VK752", W, "{province} is seasonal: written as always open", ""),
        ("VK754", E, "the one-way link {a} -> {b}", "webDiplomacy makes every border two-way: make it two-way"),
        ("VK755", W, "the link {a} - {b} (move modifier {modifier}) is an ordinary border", ""),
        ("VK756", W, "the border {a} - {b} restricted to {powers} is open to all", ""),
        ("VK790", W, "the power {power} is written as {name}: jDip's power names are one word", ""),
        ("VK791", W, "the move modifier {modifier} of {a} - {b} ({units}) holds for every unit crossing there "
         "in jDip", "jDip's move modifiers hold per province pair, not per unit type"),
        ("VK792", E, "{where} holds {character}, which a {format} file cannot carry: {value}",
         "remove the character, or write it on one line ({advice})"),
        ("VK793", W, "the alias {alias} of {province} is left out: {why}", ""),
        ("VK794", W, "jDip's order parser cannot read {location}: {why}", "players type another name"),
        ("VK795", W, "the version {version} is written as 1.0: jDip's versions are numbers", ""),
        ("VK796", W, "the rule option {option} = {value} is not written: jDip has no such option", ""),
        ("VK747", E, "the name {name} of {province} is also a name of {other}: jDip refuses a map whose names "
         "are not unique", "rename one of them"),
        ("VK748", W, "the alias {alias} of {province} is left out: DPjudge reads it as {other}", ""),
        ("VK778", W, "{province} is an off-board box, or inside another: written as an ordinary space "
         "(jDip has no such mark; its moves are kept)", ""),
        ("VK779", W, "the coast aliases of {province} are not written: jDip has none (it reads a province's "
         "names with '/nc', '-nc' or '(north coast)' itself)", ""),
        ("VK797", W, "the province {province} is written as {code}: DPjudge reads {word} as an order word, "
         "not a province code", ""),
        ("VK798", W, "the letter {letter} of {power} is written as {new}: DPjudge allows no M, no ? and no "
         "letter twice", ""),
        ("VK799", W, "the power {power} is written as {word}: DPjudge would read {old} as a place or an order "
         "word", ""),
        ("VK789", W, "the power {power} is written as {word}: DPjudge's power names are letters and digits", ""),
        ("VK783", W, "{province} is passable in {seasons} only: written as open in every season (DPjudge's "
         "map reader refuses its IN directive)", ""),
        ("VK784", E, "{where} holds '=', '->' or starts with '#': {value}",
         "DPjudge reads those as a name line, a rename or a comment: reword it"),
        ("VK788", E, "{where} is the order word {value}, which DPjudge refuses as a name", "rename it"),
        ("VK757", W, "{what} {name} is written {written}: the site puts names into SQL unquoted", ""),
        ("VK758", E, "{a} and {b} are both named {name}",
         "the site finds territories by name (case aside): give them different names"),
        ("VK759", E, "{count} territories: a palette picture holds {limit}",
         "the site colours territories by palette entry: merge or remove territories"),
        ("VK664", W, "{province} {where}: webDiplomacy has no place for it, written as an ordinary territory", ""),
        ("VK665", W, "{count} territories have no shape in the drawing ({ids}): the pictures are drawn on the "
         "schematic board", "draw them in the variant's art"),
        ("VK666", E, "{province} is named {name}, which the site reads as a coast of {other}",
         "rename it without the '(... Coast)' ending"),
        ("VK667", E, "points outside their own colour on the pictures: {ids}",
         "report this: the drawn board left a territory without room for its point"),
        ("VK668", E, "the folder would not read back as written: {what}", "report this as a bug"),
        ("VK765", E, "the webDiplomacy variant folder cannot be read at {path}: {reason}",
         "a webDiplomacy folder holds install.php and variant.php"),
        ("VK766", E, "{file} cannot be read without running PHP: {reason}",
         "write the data as literals (new InstallTerritory(...), addBorder(...), arrays of literals)"),
        ("VK767", E, "{territory} is not what the site can install: {reason}", "fix the install.php line"),
        ("VK768", W, "what the folder says and the variant cannot hold: {what}", ""),
        ("VK769", W, "{territory}: its outline could not be traced from the picture ({reason})",
         "draw it in the editor"),
        ("VK760", E, "the njudge map {path} cannot be read (missing, binary or over its size limit): {reason}",
         "an njudge map is a few kB: is this the right file?"),
        ("VK761", E, "cannot read the territory line {line}", "write 'Name, typecode abbr alias...'"),
        ("VK669", E, "the njudge map has no territory lines", "give an njudge .map file"),
        ("VK762", E, "cannot read the adjacency line {line}", "write 'abbr-mv: a b c' (mv, xc, nc, sc, ec, wc)"),
        ("VK763", E, "{province} links to unknown {other}", "check the code"),
        ("VK764", W, "njudge maps name powers by letter only; starting units come from the game file (.gam), "
         "not read: add them in the editor or the YAML", ""),
    ),
    _group(
        "drawings",
        ("VK780", E, "the Diplicity variant {path} cannot be read (missing, not UTF-8 JSON, or over its size "
         "limit): {reason}", "give the host's .dvar, a few tens of kB (or its .d.svg beside it)"),
        ("VK781", E, "the Diplicity variant says something the host refuses: {what}", "{advice}"),
        ("VK782", W, "something Diplicity holds that a variant here cannot: {what}", "{advice}"),
        ("VK785", E, "the godip variant {path} cannot be read (missing, not UTF-8, over its size limit or no graph): "
         "{reason}",
         "give godip's variant .go file (the one that builds its graph)"),
        ("VK786", E, "the godip variant says something that cannot be read: {what}", "{advice}"),
        ("VK787", W, "something godip does that a variant here cannot: {what}", ""),
        ("VK800", E, "the drawing {path} is not a readable SVG: {reason}",
         "give the map's SVG, or open and re-save it in a drawing program (a map's SVG is a few MB at most)"),
        ("VK801", E, "the drawing nests deeper than {limit} levels", "flatten the groups in the drawing program"),
        ("VK802", W, "cannot read the transform {transform}: ignored", "fix the transform attribute"),
        ("VK803", W, "<use> refers to a missing #{id}", "check the href"),
        ("VK804", E, "the drawing has over {limit} shapes", "is this a map?"),
        ("VK805", W, "{tag} {id} has fewer than two points: skipped", ""),
        ("VK814", W, "the path {id} draws nothing: skipped", "remove it, or give it path data"),
        ("VK806", W, "cannot read the {tag} {id}: {reason}",
         "fix its path data in the drawing program"),
        ("VK807", E, "the file uses the entity &{name}; which is not expanded",
         "entities are refused: save the SVG without a DTD"),
        ("VK808", W, "the drawing has no shapes", "draw the provinces as closed shapes"),
        ("VK809", E, "the drawing expands over {limit} <use> references",
         "a map needs a few dozen clones at most: unlink clones in the drawing program"),
        ("VK810", E, "the drawing expands to over {limit} elements",
         "a map has a few thousand shapes: unlink clones (<use>) in the drawing program"),
        ("VK811", E, "{what} come to over {limit} outline points once curves are sampled",
         "simplify the outlines in the drawing program"),
        ("VK812", E, "cannot read the viewBox {text}: it is not four numbers with a positive size",
         "a viewBox is four plain numbers: min-x min-y width height"),
        ("VK813", E, "cannot read {name}={text}: the drawing's size has no user units",
         "give a number with px, pt, pc, mm, cm or in, or a percentage"),
        ("VK820", W, "{id} has no area", "draw it as a closed shape"),
        ("VK821", W, "{id}: the outline crosses itself; repaired", "check the shape in the drawing program"),
        ("VK822", W, "the coast {coast} belongs to no drawn province", "name the coast shape after its province"),
        ("VK830", W, "the drawing does not say which provinces are land or water ({convention}: no fill or "
         "class does): {count} province(s) taken as land without evidence",
         "mark the seas in the editor (or fill them in the drawing); provinces with a named coast "
         "or a centre are land"),
        ("VK831", W, "the terrain of {id} is unsure: {why}",
         "check its terrain in the editor (it is flagged doubtful, and so are its links)"),
        ("VK832", W, "no drawing convention reads this drawing ({why}): its provinces are guessed from "
         "bare shapes",
         "give the province shapes ids or labels (a layer named provinces), or use a judge's drawing as it is"),
        ("VK833", E, "the drawing gives no province: nothing written",
         "draw the provinces as closed shapes with ids or labels"),
        ("VK843", E, "the picture {path} is {width}x{height} pixels: too small for a map", "give the map's picture"),
        ("VK840", E, "{path} is not a picture variantkit reads, or is over the size limit: {reason}",
         "give a PNG, GIF or JPEG of the map"),
        ("VK841", E, "the picture {path} has more than {limit} pixels",
         "scale the map down (a map needs a few megapixels at most)"),
        ("VK842", W, "{count} region(s) lie apart from the map, nothing in the picture linking them ({ids}): "
         "set as impassable", "a legend or a title box stays so; a territory: link it and set its terrain "
         "in the editor"),
    ),
    _group(
        "editor",
        ("VK901", E, "the editor will not save: the file would read back differently: {what}",
         "a subvariant states only changes to provinces, edges, existing powers and rules: undo that edit, "
         "or Save As into a folder away from its base, which writes a full variant"),
        ("VK903", E, "the editor will not save: the file would not load", "report this as a bug"),
        ("VK902", E, "{path} was changed on disk since it was opened or saved here (another window, editor "
         "or program); nothing was written",
         "reopen it to see the other changes, or save again and choose to overwrite them"),
        ("VK999", E, "the check failed: {exception}", "report this as a bug"),
    ),
)

CODES: Dict[str, Code] = {c.code: c for group in _ALL for c in group}
assert len(CODES) == sum(len(g) for g in _ALL), "a code is registered twice"
