"""webDiplomacy / vDiplomacy: a variant folder the site installs, and its reader.

Written: ``install.php`` (one ``new InstallTerritory`` per territory, coasts
as children "Spain (North Coast)" right after their parent, then one
``addBorder`` per border with fleets and armies passing), ``variant.php``
(the class, the countries in the variant's power order), the classes a
folder needs (``drawMap`` with the pictures and country colours,
``adjudicatorPreGame`` with the starting units) and ``resources/map.png`` and
``smallmap.png`` (palette pictures, one entry and one point per territory,
black borders).  Every string goes into PHP as a single-quoted literal;
nothing a user wrote goes into a comment.  The reader is in
``webdiplomacy_read``.
"""
from __future__ import annotations

import io
import os
import re
from typing import Dict, List, Optional, Tuple

from ..files import atomic_write
from ..model import Terrain, UnitType, Variant, split_location
from ..text import first_bad, shown
from ..vocabulary import coast_name
from . import webdiplomacy_images as images
from .base import ExportReport, Format

_COAST_CHILD = re.compile(r"^(.+) \((.+ Coast)\)$")  # how the site recognises a coast child by its name


def php(text: str) -> str:
    """A PHP single-quoted literal: only ``\\`` and ``'`` are special inside one."""
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def class_name(vid: str) -> str:
    """The variant's PHP class prefix and folder name: letters and digits, a letter first."""
    words = re.split(r"[^A-Za-z0-9]+", vid)
    name = "".join(w[:1].upper() + w[1:] for w in words if w)
    return name if name[:1].isalpha() else "V" + name


def _coast_label(c) -> str:
    label = c.name or coast_name(c.id)
    return label if label.endswith(" Coast") else f"{label} Coast"


def _sql_safe(report: ExportReport, what: str, text: str) -> str:
    """The site puts names into SQL unescaped: a quote or backslash would break its install."""
    if "'" in text or "\\" in text:
        fixed = text.replace("'", "\u2019").replace("\\", "/")
        report.lost("VK757", what=what, name=repr(text), written=repr(fixed))
        return fixed
    return text


# characters of a name that the site reads as code, and where
HOST_CODE = {"%": "which the site's l_t() reads as a printf directive",
             "<": "which the site's pages print as markup", ">": "which the site's pages print as markup"}


def _check_strings(v: Variant, report: ExportReport) -> None:
    """Names are one line of printable text (variantkit.text's rule); the
    description may hold line breaks.  PHP escaping comes on top of this."""
    named = [("the variant's name", v.name)] + [("an author", a) for a in v.authors]
    named += [(f"the name of {p.id}", p.name) for p in v.provinces]
    named += [(f"the name of {p.id}/{c.id}", c.name) for p in v.provinces for c in p.coasts]
    named += [(f"the name of the power {pw.id}", pw.name) for pw in v.powers]
    for what, value in named:
        if first_bad(value):
            report.refuse("VK770", what=f"{what} ({shown(value)!r})", character=first_bad(value))
        elif what != "an author" and any(c in value for c in HOST_CODE):
            # the site passes names through l_t(), a vsprintf (install.php's territory cache, drawMap,
            # the variant's link: "%s" stops the install, "%%" shows as "%"), and prints them into
            # its pages unescaped
            c = next(c for c in value if c in HOST_CODE)
            report.refuse("VK770", what=f"{what} ({shown(value)!r})", character=f"{c!r}, {HOST_CODE[c]}")
    if first_bad(v.description, multiline=True):
        report.refuse("VK770", what="the description", character=first_bad(v.description, multiline=True))


def write(v: Variant, path: str, art_file: Optional[str] = None) -> ExportReport:
    report = ExportReport(path)
    _check_strings(v, report)
    if not report.ok:
        return report
    cls = class_name(v.id)
    countries = [pw.name for pw in v.powers]
    country = {pw.id: i + 1 for i, pw in enumerate(v.powers)}
    owner = {c: pw.id for pw in v.powers for c in pw.starting_centers}
    names: Dict[str, str] = {}          # location id -> territory name
    kept: List[str] = []                # province ids written
    for p in v.provinces:
        if p.terrain is Terrain.IMPASSABLE:
            report.lost("VK751", province=p.id)
            continue
        if p.passable_in:
            report.lost("VK752", province=p.id)
        if p.offboard or p.inside:
            report.lost("VK664", province=p.id, where="off the board" if p.offboard else f"inside {p.inside}")
        names[p.id] = _sql_safe(report, "the territory name", p.name)
        kept.append(p.id)
        for c in p.coasts:
            names[f"{p.id}/{c.id}"] = f"{names[p.id]} ({_sql_safe(report, 'the coast name', _coast_label(c))})"
    seen: Dict[str, str] = {}
    for lid, n in names.items():
        key = n.casefold()  # MySQL compares names without case
        if key in seen:
            report.refuse("VK758", a=seen[key], b=lid, name=repr(n))
        seen[key] = lid
        m = _COAST_CHILD.match(n)
        if "/" not in lid and m:
            report.refuse("VK666", province=lid, name=repr(n), other=repr(m.group(1)))
    if v.rules.draw_after_static_falls:
        report.lost("VK750", what=f"a draw after {v.rules.draw_after_static_falls} years without a centre "
                                  "changing hands")
    for option in sorted(v.rules.options):
        report.lost("VK750", what=f"the rule option {option}")
    board = None
    if art_file:  # the variant's own drawing, its shapes matched to the provinces
        from ..drawing.art import board_for
        board = board_for(v, art_file)
        missing = [pid for pid in kept if pid not in board.cells]
        if missing:  # the site needs every territory closed on the picture: the whole board, then
            report.lost("VK665", count=len(missing), ids=", ".join(missing[:5]))
            board = None
    pictures = images.draw(v, kept, board)
    if pictures is None:
        report.refuse("VK759", count=len(kept), limit=images.MAX_TERRITORIES)
        return report
    wrong = images.check(pictures)
    if wrong:
        report.refuse("VK667", ids=", ".join(wrong[:5]))
    lines = ["<?php", "defined('IN_CODE') or die('This script can not be run by itself.');",
             "require_once('variants/install.php');", "", "InstallTerritory::$Territories = array();"]
    kind = {Terrain.WATER: "Sea", Terrain.LAND: "Land", Terrain.COAST: "Coast"}
    for pid in kept:
        found = v.province(pid)
        assert found is not None
        p = found
        terr = kind[p.terrain]
        if p.coasts and terr == "Land":
            terr = "Coast"
        x, y = pictures.large_points[pid]
        sx, sy = pictures.small_points[pid]
        cid = country[owner[pid]] if pid in owner else 0
        lines.append(f"new InstallTerritory({php(names[pid])}, '{terr}', '{'Yes' if p.center else 'No'}', "
                     f"{cid}, {x}, {y}, {sx}, {sy});")
        for c in p.coasts:
            lid = f"{pid}/{c.id}"
            x, y = pictures.large_points[lid]
            sx, sy = pictures.small_points[lid]
            lines.append(f"new InstallTerritory({php(names[lid])}, 'Coast', 'No', {cid}, {x}, {y}, {sx}, {sy});")
    lines.append("")
    for e in v.edges:
        if e.a not in names or e.b not in names:
            continue
        if e.oneway:
            report.refuse("VK754", a=e.a, b=e.b)
            continue
        if e.modifier:
            report.lost("VK755", a=e.a, b=e.b, modifier=f"{e.modifier:+d}")
        if e.powers:
            report.lost("VK756", a=e.a, b=e.b, powers=", ".join(e.powers))
        if e.seasons:
            report.seasonal_link(e, "webDiplomacy")
        lines.append(f"InstallTerritory::$Territories[{php(names[e.b])}]->addBorder("
                     f"InstallTerritory::$Territories[{php(names[e.a])}], "
                     f"'{'Yes' if e.units.fleet else 'No'}', '{'Yes' if e.units.army else 'No'}');")
    # the codes are ours: the site ignores the array, our reader names the territories by them again
    lines += ["", "// variantkit's codes of the territories: unused by the site, read back by variantkit",
              "$variantkitCodes = array(" + ", ".join(f"{php(n)} => {php(lid)}" for lid, n in names.items()) + ");"]
    lines += ["", "InstallTerritory::runSQL($this->mapID);",
              "InstallCache::terrJSON($this->territoriesJSONFile(), $this->mapID);", ""]
    if not report.ok:
        return report
    files: List[Tuple[str, bytes]] = [
        ("install.php", "\n".join(lines).encode("utf-8")),
        ("variant.php", _variant_php(v, cls, countries).encode("utf-8")),
        (os.path.join("classes", "drawMap.php"), _draw_map_php(v, cls, pictures).encode("utf-8")),
        (os.path.join("classes", "adjudicatorPreGame.php"), _pregame_php(v, cls, names).encode("utf-8")),
        (os.path.join("resources", "map.png"), _png(pictures.large)),
        (os.path.join("resources", "smallmap.png"), _png(pictures.small)),
    ]
    from .webdiplomacy_read import read_back  # the reader sits beside: import late, one module each
    for problem in read_back(v, dict(files), names, countries):
        report.refuse("VK668", what=problem)
    if not report.ok:
        return report
    for rel, data in files:
        atomic_write(os.path.join(path, rel), data)
    return report


def _png(img) -> bytes:
    out = io.BytesIO()
    img.save(out, "PNG")  # Pillow keeps mode P: an indexed PNG, as imagecolorset needs
    return out.getvalue()


def _first_year(v: Variant) -> int:
    m = re.search(r"(\d{1,4})", v.rules.start)
    return int(m.group(1)) if m else 1901


def _variant_php(v: Variant, cls: str, countries: List[str]) -> str:
    year = _first_year(v)
    return "\n".join([
        "<?php",
        "defined('IN_CODE') or die('This script can not be run by itself.');",
        "",
        f"class {cls}Variant extends WDVariant {{",
        "\tpublic $id = 0; // the site's admin gives the variant its number when installing it",
        "\tpublic $mapID = 0;",
        f"\tpublic $name = {php(cls)};",
        f"\tpublic $fullName = {php(v.name)};",
        f"\tpublic $description = {php(v.description)};",
        f"\tpublic $author = {php(', '.join(v.authors))};",
        "\t// the countries in the variant's power order: countryID 1 is the first",
        f"\tpublic $countries = array({', '.join(php(c) for c in countries)});",
        "",
        "\tpublic function __construct() {",
        "\t\tparent::__construct();",
        f"\t\t$this->variantClasses['drawMap'] = {php(cls)};",
        f"\t\t$this->variantClasses['adjudicatorPreGame'] = {php(cls)};",
        "\t}",
        "",
        *([] if v.rules.victory is None else [
            "\tpublic function initialize() {",
            "\t\tparent::initialize();",
            f"\t\t$this->supplyCenterTarget = {int(v.rules.victory)};",
            "\t}", ""]),
        "\tpublic function turnAsDate($turn) {",
        "\t\tif ($turn == -1) return l_t('Pre-game');",
        f"\t\treturn ($turn % 2 ? l_t('Autumn') . ', ' : l_t('Spring') . ', ') . (floor($turn / 2) + {year});",
        "\t}",
        "",
        "\tpublic function turnAsDateJS() {",
        "\t\treturn 'function(turn) {",
        "\t\t\tif (turn == -1) return l_t(\"Pre-game\");",
        "\t\t\treturn (turn % 2 ? l_t(\"Autumn\") + \", \" : l_t(\"Spring\") + \", \")",
        f"\t\t\t\t+ (Math.floor(turn / 2) + {year});",
        "\t\t};';",
        "\t}",
        "}",
        ""])


def _rgb(colour: str, fallback: Tuple[int, int, int]) -> Tuple[int, int, int]:
    m = re.fullmatch(r"#?([0-9a-fA-F]{6})", colour or "")
    if not m:
        return fallback
    h = m.group(1)
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def _draw_map_php(v: Variant, cls: str, pictures) -> str:
    colours = ["\t\t0 => array(226, 198, 158),"]
    for i, pw in enumerate(v.powers):
        r, g, b = _rgb(pw.colour, images.territory_colour(i * 7 + 3, len(v.powers), False))
        colours.append(f"\t\t{i + 1} => array({r}, {g}, {b}),")
    folder = f"variants/{cls}/resources/"
    return "\n".join([
        "<?php",
        "defined('IN_CODE') or die('This script can not be run by itself.');",
        "",
        f"class {cls}Variant_drawMap extends drawMap {{",
        "\tprotected $countryColors = array(", *colours, "\t);",
        "",
        "\tprotected function resources() {",
        "\t\tif ($this->smallmap) {",
        "\t\t\treturn array(",
        f"\t\t\t\t'map' => l_s({php(folder + 'smallmap.png')}),",
        "\t\t\t\t'army' => l_s('contrib/smallarmy.png'),",
        "\t\t\t\t'fleet' => l_s('contrib/smallfleet.png'),",
        "\t\t\t\t'names' => null,",
        "\t\t\t\t'standoff' => l_s('images/icons/cross.png'));",
        "\t\t}",
        "\t\treturn array(",
        f"\t\t\t'map' => l_s({php(folder + 'map.png')}),",
        "\t\t\t'army' => l_s('contrib/army.png'),",
        "\t\t\t'fleet' => l_s('contrib/fleet.png'),",
        "\t\t\t'names' => null,",
        "\t\t\t'standoff' => l_s('images/icons/cross.png'));",
        "\t}",
        "}",
        ""])


def _pregame_php(v: Variant, cls: str, names: Dict[str, str]) -> str:
    out = ["<?php", "defined('IN_CODE') or die('This script can not be run by itself.');", "",
           f"class {cls}Variant_adjudicatorPreGame extends adjudicatorPreGame {{",
           "\tprotected $countryUnits = array("]
    for pw in v.powers:
        entries = []
        for u in pw.units:
            loc = u.location if u.location in names else split_location(u.location)[0]
            entries.append(f"{php(names[loc])} => '{'Army' if u.type is UnitType.ARMY else 'Fleet'}'")
        out.append(f"\t\t{php(pw.name)} => array({', '.join(entries)}),")
    out += ["\t);", "}", ""]
    return "\n".join(out)


def _read(path: str):
    from .webdiplomacy_read import read
    return read(path)


def _read_with_art(path: str):
    from .webdiplomacy_read import read_with_art
    return read_with_art(path)


FORMAT = Format("webdiplomacy", "webDiplomacy / vDiplomacy variant folder: install.php, variant.php, classes, "
                "palette map pictures", "", write, read=_read, carries_art=True, read_art=_read_with_art)
