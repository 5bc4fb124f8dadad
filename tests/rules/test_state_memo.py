"""The province memo of locations is bounded and can be reset."""
from variantkit.rules.state import PROVINCE_OF, ProvinceOf


def test_the_memo_answers_like_split_location_and_resets():
    PROVINCE_OF.clear()
    assert PROVINCE_OF["spa/nc"] == "spa" and PROVINCE_OF["par"] == "par"
    assert len(PROVINCE_OF) == 2
    PROVINCE_OF.clear()
    assert len(PROVINCE_OF) == 0 and PROVINCE_OF["bul/ec"] == "bul"


def test_the_memo_is_bounded():
    memo = ProvinceOf(limit=10)
    for i in range(35):
        assert memo[f"p{i}/nc"] == f"p{i}"
        assert len(memo) <= 10
