"""Rivers: water drawn as a strip no wider than a line is a border the
lands on either side share (armies cross it), and water fleets sail (the
lands along it are coasts).  Asserted against the sites' own graphs."""
from tests.pictures.corpus import read_folder, vdip_folder


def _read(name):
    folder = vdip_folder(name)
    return read_folder(folder)


def test_armies_cross_southamerica8s_rivers():
    """SouthAmerica8 draws its rivers 2 pixels wide in the sea's blue between
    provinces: the site links the banks (Amazonas and Mato Grosso across
    the Amazon, Asuncion and Parana across the Paraguay...)."""
    r = _read("SouthAmerica8")
    across = {("AMAZONAS", "MATOGROSSO"), ("ASUNCION", "MISIONES"), ("ASUNCION", "PARANA"),
              ("BUENOSAIRES", "MONTEVIDEO"), ("CORRIENTES", "MISIONES"), ("MANAUS", "MATOGROSSO"),
              ("MARANHAO", "PARA"), ("MATOGROSSO", "PARA"), ("MISIONES", "SANTAFE"), ("MONTEVIDEO", "SANTAFE")}
    assert across <= r.truth["army"]
    assert across <= r.moves["army"], sorted(across - r.moves["army"])
    # and no river is a sea territory of its own: every water region holds a site's sea
    water = {rid for rid, reg in r.pm.inference.regions.items() if reg.terrain.value == "water"}
    assert water <= {r.mine[c] for c in r.mine if r.types[c] == "WATER"}


def test_fleets_sail_maharajahs_rivers():
    """Maharajah's rivers (a border line down the middle of each): the lands
    along them are coasts and fleets move between them, as the site has it."""
    r = _read("Maharajah")
    along = {("AGRA", "AWADH"), ("AGRA", "BENARES"), ("AWADH", "MUZAFFARPUR"), ("BENARES", "BENGAL")}
    assert along <= r.truth["fleet"]
    assert along <= r.moves["fleet"], sorted(along - r.moves["fleet"])
    for code in ("AGRA", "AWADH", "BENARES", "MUZAFFARPUR"):
        assert r.types[code] == "COAST" and r.terrain(code) == "coast", code
    found = r.moves["fleet"] & r.truth["fleet"]
    assert len(found) >= 0.93 * len(r.truth["fleet"])


def test_a_strait_opening_on_the_sea_stays_a_sea():
    """A strip of water no wider than a line that meets a sea across a line
    is a sea of its own (GreatLakes' West St. Lawrence River), flagged in doubt."""
    r = _read("GreatLakes")
    assert "WESTSTLAWRENCERIVER" in r.mine and "LYNANEE" in r.mine
    channel = r.pm.inference.regions[r.mine["WESTSTLAWRENCERIVER"]]
    assert channel.terrain.value == "water" and channel.doubtful
