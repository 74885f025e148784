"""Rule options: read from JSON by their type alone, and every one of them exercised by the tests."""

from __future__ import annotations

import enum

import attrs
import pytest

from qwirkle import InvalidRecordError, RuleSet, testing
from qwirkle.cards import CardsRuleSet
from qwirkle.formats._codec import Reader, decode_options, encode_rules
from qwirkle.rules.ruleset import option_examples, option_field, variants
from tests.cards import helpers as cards_helpers


class Speed(enum.Enum):
    SLOW = "slow"
    FAST = "fast"


@attrs.frozen(kw_only=True)
class Options:
    """A rule set with one option of each kind an option may be, none of them known to the JSON reader."""

    flag: bool = False
    count: int = 3
    limit: int | None = None
    speed: Speed = Speed.SLOW


def test_an_option_is_read_by_its_type_not_its_name() -> None:
    options = Options(flag=True, count=7, limit=40, speed=Speed.FAST)
    data = encode_rules(options)
    assert data == {"flag": True, "count": 7, "limit": 40, "speed": "fast"}
    assert decode_options(Reader(data), Options) == options
    assert decode_options(Reader({"limit": None}), Options) == Options()


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"flag": 1}, "true or false"),
        ({"count": "3"}, "expected an integer"),
        ({"count": True}, "expected an integer"),
        ({"limit": 2.5}, "expected an integer"),
        ({"speed": "warp"}, "unknown value"),
        ({"colour": "red"}, "unknown key"),
    ],
)
def test_an_option_of_the_wrong_type_is_refused_with_its_path(data: dict[str, object], problem: str) -> None:
    with pytest.raises(InvalidRecordError, match=problem) as caught:
        decode_options(Reader(data), Options)
    if "unknown key" not in problem:
        assert caught.value.path == f"$.{next(iter(data))}"


def test_every_option_of_the_rule_set_round_trips() -> None:
    rules = RuleSet(stalemate_rounds=3, allow_voluntary_pass=True)
    assert decode_options(Reader(encode_rules(rules)), RuleSet) == rules


RULE_SETS_AND_VARIANTS = [
    pytest.param(RuleSet, testing.RULE_VARIANTS, id="RuleSet"),
    pytest.param(CardsRuleSet, cards_helpers.RULE_VARIANTS, id="CardsRuleSet"),
]


@pytest.mark.parametrize(("rule_set", "played"), RULE_SETS_AND_VARIANTS)
def test_every_option_is_exercised_by_the_property_and_differential_tests(
    rule_set: type[attrs.AttrsInstance], played: tuple[attrs.AttrsInstance, ...]
) -> None:
    """A new option is played as soon as its field is declared: the tests' variants come from the fields.

    ``RULE_VARIANTS`` is what the property tests draw from and the differential
    corpus is built from (which checks it holds every variant).
    """
    unexercised = []
    for field in attrs.fields(attrs.resolve_types(rule_set)):
        if isinstance(field.type, type) and issubclass(field.type, enum.Enum) and len(field.type) == 1:
            continue  # an enum of one value has nothing else to play
        if not any(getattr(rules, field.name) != field.default for rules in played):
            unexercised.append(field.name)
    assert unexercised == [], f"options no test plays with a value other than the default: {unexercised}"


def test_an_int_option_without_examples_is_caught() -> None:
    @attrs.frozen(kw_only=True)
    class Careless:
        size: int = option_field(3, None)

    assert option_examples(Careless, "size") == ()
    assert variants(Careless) == ()
