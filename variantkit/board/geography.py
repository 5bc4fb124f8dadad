"""Where the bundled variants' places are in the world: approximate latitude
and longitude per province name, written by the project from public
geography (the middle of the region a province stands for, not a city).

The schematic board seeds its layout from here so a board without art looks
like the map.  Places are looked up by name and then by alias; a name used
for two different places (Siberia is a Far East coast in Youngstown and the
Urals in Loeb9) lists both, and :func:`place_provinces` picks the one nearer
the province's other neighbours.
"""
from __future__ import annotations

import math
from typing import Dict, Mapping, Sequence, Tuple

LatLon = Tuple[float, float]

# name (lower case) -> one or more (latitude, longitude)
GAZETTEER: Dict[str, Sequence[LatLon]] = {
    # -- Europe and the Mediterranean (the standard map) ---------------------
    "adriatic sea": [(43.0, 15.5)], "aegean sea": [(38.5, 25.0)], "albania": [(41.0, 20.0)],
    "ankara": [(40.5, 33.0)], "apulia": [(41.0, 16.2)], "armenia": [(40.0, 41.5)],
    "baltic sea": [(56.0, 18.0)], "barents sea": [(73.0, 38.0)], "belgium": [(50.6, 4.5)],
    "berlin": [(52.5, 13.4)], "black sea": [(43.5, 34.0)], "bohemia": [(49.8, 14.5)],
    "gulf of bothnia": [(62.0, 20.0)], "brest": [(48.0, -3.5)], "budapest": [(47.3, 19.5)],
    "bulgaria": [(42.7, 25.0)], "burgundy": [(47.0, 5.0)], "clyde": [(56.5, -5.0)],
    "constantinople": [(41.0, 29.0)], "denmark": [(56.0, 9.5)],
    "eastern mediterranean": [(34.0, 30.0)], "eastern mediterranean sea": [(34.0, 30.0)],
    "edinburgh": [(56.5, -2.5)], "english channel": [(50.0, -2.5)], "finland": [(63.0, 26.0)],
    "galicia": [(49.5, 23.5)], "gascony": [(44.0, 0.0)], "greece": [(39.5, 22.0)],
    "helgoland bight": [(54.5, 7.5)], "holland": [(52.2, 5.5)], "ionian sea": [(37.0, 18.0)],
    "irish sea": [(51.5, -7.5)], "kiel": [(53.8, 10.0)], "liverpool": [(54.0, -3.0)],
    "livonia": [(57.0, 25.0)], "london": [(51.5, 0.0)], "gulf of lyon": [(42.5, 4.5)],
    "mid-atlantic ocean": [(43.0, -15.0)], "marseilles": [(43.8, 5.5)],
    "moscow": [(55.7, 37.6)], "munich": [(48.5, 11.0)], "north africa": [(33.5, -1.0)],
    "north atlantic ocean": [(57.0, -20.0)], "naples": [(40.8, 15.5)], "north sea": [(56.0, 3.0)],
    "norwegian sea": [(67.0, 2.0)], "norway": [(61.0, 9.0)], "paris": [(48.8, 2.3)],
    "picardy": [(50.0, 2.0)], "piedmont": [(44.8, 7.8)], "portugal": [(39.5, -8.0)],
    "prussia": [(54.0, 19.0)], "rome": [(42.0, 12.5)], "ruhr": [(51.3, 7.3)],
    "rumania": [(45.5, 25.5)], "serbia": [(44.0, 20.5)], "sevastopol": [(47.0, 37.0)],
    "silesia": [(51.0, 17.0)], "skagerrak": [(58.0, 9.5)], "smyrna": [(38.5, 30.0)],
    "spain": [(40.5, -3.5)], "st petersburg": [(62.0, 34.0)], "sweden": [(61.0, 15.0)],
    "switzerland": [(46.8, 8.2)], "syria": [(35.5, 38.0)], "trieste": [(45.0, 15.5)],
    "tunis": [(35.0, 9.5)], "tuscany": [(43.5, 11.0)], "tyrolia": [(47.0, 12.0)],
    "tyrrhenian sea": [(40.0, 11.5)], "ukraine": [(49.0, 30.0)], "venice": [(45.4, 12.0)],
    "vienna": [(48.0, 16.4)], "wales": [(52.0, -3.8)], "warsaw": [(52.2, 21.0)],
    "western mediterranean": [(38.5, 3.0)], "western mediterranean sea": [(38.5, 3.0)],
    "yorkshire": [(54.0, -1.2)],
    # -- Loeb9's additions --------------------------------------------------
    "arctic ocean": [(78.0, 20.0)], "catalonia": [(41.8, 1.5)], "copenhagen": [(55.7, 12.3)],
    "cordoba": [(37.9, -4.8)], "corsica": [(42.1, 9.1)], "iceland": [(64.9, -18.5)],
    "kazakz": [(50.0, 55.0)], "lisbon": [(38.7, -9.1)], "madrid": [(40.4, -3.7)],
    "navarre": [(42.8, -1.6)], "oslo": [(60.0, 9.5)], "sardinia": [(40.0, 9.0)],
    "sicily": [(37.5, 14.0)], "stockholm": [(59.3, 18.0)], "ireland": [(53.0, -8.0)],
    # Youngstown's Siberia is the Far East coast; Loeb9's lies beyond the Urals
    "siberia": [(60.0, 112.0), (64.0, 60.0)],
    # -- Youngstown's Africa, Asia and the Pacific ----------------------------
    "arctic circle": [(70.0, 90.0)], "gulf of aden": [(12.5, 48.0)], "afghanistan": [(34.0, 66.0)],
    "akita": [(39.7, 140.5)], "algeria": [(32.0, 3.0)], "andaman sea": [(12.0, 96.0)],
    "annam": [(15.5, 107.5)], "arabian sea": [(15.0, 64.0)], "baghdad": [(33.3, 44.4)],
    "bay of bengal": [(15.0, 88.0)], "borneo": [(-1.0, 113.0)], "burma": [(19.0, 95.0)],
    "brunei": [(5.0, 116.0)], "calcutta": [(22.5, 88.3)], "cambodia": [(12.5, 104.5)],
    "canton": [(23.1, 113.3)], "caspian sea": [(42.0, 51.0)], "celebes sea": [(3.0, 122.0)],
    "ceylon": [(7.8, 80.7)], "danakil": [(13.5, 41.0)], "deccan": [(18.0, 77.0)],
    "delhi": [(28.6, 77.2)], "east africa": [(-2.0, 37.0)], "east china sea": [(29.0, 125.0)],
    "egypt": [(27.0, 30.0)], "east indian ocean": [(-5.0, 90.0)], "ethiopia": [(9.0, 39.5)],
    "fezzan": [(26.0, 14.0)], "formosa": [(23.7, 121.0)], "fuji": [(36.2, 138.0)],
    "hankow": [(30.6, 114.3)], "himalayas": [(30.0, 84.0)], "hokkaido": [(43.2, 142.8)],
    "inner mongolia": [(42.0, 113.0)], "iran": [(32.0, 54.0)], "sea of japan": [(40.0, 135.0)],
    "java": [(-7.5, 110.0)], "joharra": [(2.0, 103.5)], "jordan": [(31.0, 36.0)],
    "kansu": [(37.0, 103.0)], "karafuto": [(47.5, 142.5)], "kashmir": [(34.0, 75.0)],
    "klug": [(46.5, 23.5)], "korea": [(37.5, 127.5)], "kyoto": [(35.5, 136.0)],
    "kyushu": [(32.8, 130.7)], "laos": [(19.5, 102.5)], "libya": [(31.0, 16.0)],
    "malay sea": [(3.5, 99.5)], "madras": [(13.0, 80.3)], "manchuria": [(45.0, 126.0)],
    "mogadiscio": [(2.0, 45.3)], "monte negro": [(42.7, 19.3)], "morocco": [(32.0, -6.0)],
    "nejd": [(24.5, 45.0)], "nepal": [(28.3, 84.0)], "north pacific ocean": [(42.0, 160.0)],
    "sea of okhotsk": [(53.0, 148.0)], "outer mongolia": [(47.0, 104.0)], "omsk": [(55.0, 73.4)],
    "osaka": [(34.5, 133.5)], "peking": [(39.9, 116.4)], "pentopolis": [(32.0, 22.0)],
    "persian gulf": [(27.0, 51.0)], "philippines": [(12.0, 122.0)], "posen": [(52.4, 16.9)],
    "rajasthan": [(24.0, 70.0)], "red sea": [(20.0, 38.5)], "sahara": [(22.0, 3.0)],
    "saigon": [(10.8, 106.7)], "sakhalin": [(51.5, 143.0)], "saxony": [(51.0, 13.0)],
    "south china sea": [(13.0, 114.0)], "shan": [(21.5, 98.5)], "gulf of siam": [(10.0, 101.5)],
    "sikang": [(30.0, 100.0)], "sinkiang": [(41.0, 85.0)], "sind": [(26.0, 68.5)],
    "somali sea": [(5.0, 55.0)], "south pacific ocean": [(10.0, 145.0)], "sudan": [(15.0, 30.0)],
    "suez": [(30.5, 32.5)], "sumatra": [(0.0, 101.0)], "thailand": [(15.0, 101.0)],
    "tibet": [(32.0, 90.0)], "timor sea": [(-10.0, 125.0)], "tokyo": [(35.7, 140.0)],
    "gulf of tonkin": [(20.0, 108.0)], "turkestan": [(42.0, 63.0)], "vladivostok": [(43.5, 132.5)],
    "viet nam": [(21.0, 105.8)], "west indian ocean": [(-5.0, 60.0)], "yellow sea": [(36.0, 123.0)],
    "yemen": [(15.5, 44.0)], "south atlantic ocean": [(5.0, -15.0)],
}


def _candidates(name: str, aliases: Sequence[str]) -> Sequence[LatLon]:
    for key in (name, *aliases):
        found = GAZETTEER.get(key.strip().lower())
        if found:
            return found
    return ()


def place_provinces(names: Mapping[str, Tuple[str, Sequence[str]]],
                    adjacency: Mapping[str, set]) -> Dict[str, LatLon]:
    """Latitude and longitude of every province whose name (or alias) is known.

    ``names`` maps a province id to its name and aliases; ``adjacency`` is the
    province graph, used only to choose between places that share a name.
    """
    choices = {pid: _candidates(name, aliases) for pid, (name, aliases) in names.items()}
    placed: Dict[str, LatLon] = {pid: c[0] for pid, c in choices.items() if len(c) == 1}
    for pid, cands in choices.items():
        if len(cands) < 2:
            continue
        near = [placed[n] for n in adjacency.get(pid, ()) if n in placed]
        if not near:
            placed[pid] = cands[0]
            continue
        lat = sum(p[0] for p in near) / len(near)
        lon = sum(p[1] for p in near) / len(near)
        placed[pid] = min(cands, key=lambda c: math.hypot(c[0] - lat, c[1] - lon))
    return placed


def project(places: Mapping[str, LatLon]) -> Dict[str, Tuple[float, float]]:
    """Equirectangular projection about the places' mean latitude: x grows
    eastwards, y southwards (screen coordinates), both in degrees of longitude."""
    if not places:
        return {}
    mid = sum(lat for lat, _ in places.values()) / len(places)
    k = math.cos(math.radians(mid))
    return {pid: (lon * k, -lat) for pid, (lat, lon) in places.items()}


def known_share(names: Mapping[str, Tuple[str, Sequence[str]]]) -> float:
    """How many of the provinces the gazetteer knows, as a fraction."""
    if not names:
        return 0.0
    return sum(bool(_candidates(n, a)) for n, a in names.values()) / len(names)
