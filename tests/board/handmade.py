"""Small variants built by hand, where every lint rule and balance figure
can be worked out on paper."""
from variantkit.model import Crossing, Edge, Power, Province, Terrain, Unit, Variant

L, C, W = Terrain.LAND, Terrain.COAST, Terrain.WATER


def variant(provinces, edges, powers=(), vid="hand"):
    """``provinces``: "id:terrain[*]" (l, c, w; * marks a centre);
    ``edges``: "a-b" (both), "a-b:army", "a-b:fleet", "a>b" one way;
    ``powers``: (id, homes, units)."""
    provs = []
    for spec in provinces:
        pid, kind = spec.split(":")
        provs.append(Province(pid, pid.title(), {"l": L, "c": C, "w": W}[kind.rstrip("*")],
                              center=kind.endswith("*")))
    terrain = {p.id: p.terrain for p in provs}
    es = []
    for spec in edges:
        spec, _, units = spec.partition(":")
        oneway = ">" in spec
        a, b = spec.replace(">", "-").split("-")
        if not units:
            kinds = {terrain[a], terrain[b]}
            units = "fleet" if W in kinds else ("both" if kinds == {C} else "army")
        es.append(Edge(a, b, Crossing(units), oneway=oneway))
    pws = tuple(Power(pid, pid.title(), letter=pid[0].upper(), homes=tuple(homes),
                      units=tuple(Unit.parse(u) for u in units))
                for pid, homes, units in powers)
    return Variant(vid, vid.title(), tuple(provs), tuple(es), pws)
