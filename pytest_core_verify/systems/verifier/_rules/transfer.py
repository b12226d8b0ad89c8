"""Changes of a stock: gains, losses, gifts between people, fractions given or spent.

Each rule is a value: its name, its pattern, what it builds, sentences it must read and
near-misses it must not (both are tests). The order of all rules is ``_rules.order``.
"""

# A pattern and an example read best unbroken, as the expected outputs of the tests do.
# ruff: noqa: E501

from __future__ import annotations

from .._builders import (
    _b_all_but,
    _b_change_unknown,
    _b_frac_give,
    _b_frac_own,
    _b_give,
    _b_give_all,
    _b_give_each,
    _b_have,
    _b_take_of_owner,
)
from .._builders_places import (
    _OWN,
    _PART,
    _b_pests,
    _b_put_into,
    _b_take_away,
    _b_take_from,
)
from .._grammar import (
    _TAIL,
    _W2,
    _WORD,
    PART_OF,
    UNIT,
)
from .._vocabulary import (
    GAIN_V,
    GIVE_V,
    LOSE_V,
    verbs,
)
from ._rule import SentenceRule

RULES: tuple[SentenceRule, ...] = (
    SentenceRule(
        name="frac_give_to",
        pattern=r"<a:E> (?P<v>"
        + verbs("give hand", "third", "past")
        + r") "
        + PART_OF
        + r"(?:the rest|them|it|(?:his|her|the) (?P<u>"
        + UNIT
        + r")) to <b:E>",
        builds=_b_frac_give,
        reads=("she gives a third of them to Leo", "he gave 3/8 of his money to Mia"),
        not_reads=(
            "she gives a third of them for Leo",
            "she gives a third of them to",
        ),
    ),
    SentenceRule(
        name="frac_give",
        pattern=r"<a:E> (?P<v>"
        + verbs("give hand", "third", "past")
        + r") <b:E> "
        + PART_OF
        + r"(?:his|her|the) (?P<u>"
        + UNIT
        + r")",
        builds=_b_frac_give,
        reads=("Tom gave Sam half of his apples", "Tom gave Sam 0.25 of his apples"),
        not_reads=(
            "Tom gave Sam half from his apples",
            "Tom gave Sam half of his",
        ),
    ),
    SentenceRule(
        name="frac_own",
        pattern=r"<e:E> (?P<v>" + LOSE_V + r") " + PART_OF + _OWN + _TAIL,
        builds=_b_frac_own,
        reads=("he spends 25 percent of his money", "she ate 2/5 of the plums"),
        not_reads=(
            "he spends several percent of his money",
            "he spends 25 percent from his money",
        ),
    ),
    SentenceRule(
        name="give_each",
        pattern=r"<e:E> (?P<v>"
        + verbs("give hand send", "third", "past")
        + r") <n:N> (?:<u:U> )?to each of (?:his|her|their) <k:N> "
        + _WORD,
        builds=_b_give_each,
        reads=("he gives 3 apples to each of his 2 friends",),
        not_reads=(
            "he gives several apples to each of his 2 friends",
            "he gives 3 apples to all of his 2 friends",
        ),
    ),
    SentenceRule(
        name="give_all",
        pattern=r"<a:E> (?P<v>"
        + verbs("give hand", "third", "past")
        + r") (?P<fx>all) of (?:his|her|their|the) <u:U> to <b:E>",
        builds=_b_give_all,
        reads=("Jacob gives all of his erasers to Grace",),
        not_reads=(
            "Jacob gives all of his erasers for Grace",
            "Jacob gives all of his erasers to",
        ),
    ),
    SentenceRule(
        # "She gives 7 markers to a student": to nobody the problem counts, a loss.
        name="give_unnamed",
        pattern=r"<e:E> (?P<v>"
        + verbs("give hand send", "third", "past")
        + r") <n:N> (?:<u:U> |"
        + _PART
        + r" )?"
        r"to (?:a|an) [a-z]+(?: [a-z]+)?",
        builds=_b_have("lose"),
        reads=("she gives 7 markers to a student",),
        not_reads=(
            "she gives several markers to a student",
            "she gives 7 markers for a student",
        ),
    ),
    SentenceRule(
        name="give_to",
        pattern=r"<a:E> (?P<v>"
        + GIVE_V
        + r") <n:N> (?:more )?(?:<u:U> |"
        + _PART
        + r" )?(?:back )?to <b:E>",
        builds=_b_give,
        reads=("he gives 3 cookies to Tom",),
        not_reads=(
            "he gives several cookies to Tom",
            "he gives 3 cookies for Tom",
        ),
    ),
    SentenceRule(
        name="give",
        pattern=r"<a:E> (?P<v>"
        + GIVE_V
        + r") <b:E> <n:N>(?: more)?(?: <u:U>| "
        + _PART
        + r")?(?: more)?",
        builds=_b_give,
        reads=("Tom gives Sara 2",),
        not_reads=(
            "Tom gives Sara several",
            "Tom gives Sara only about 2",
        ),
    ),
    SentenceRule(
        name="share_with",
        pattern=r"<a:E> (?P<v>shares|shared) <n:N>(?: <u:U>| " + _PART + r")? with <b:E>",
        builds=_b_give,
        reads=("he shares 25 with Julia",),
        not_reads=(
            "he shares several with Julia",
            "he shares only about 25 with Julia",
        ),
    ),
    SentenceRule(
        name="take_of_owner",
        pattern=r"<b:E> (?P<v>" + verbs("buy take borrow", "past", "third") + r") <n:N> of "
        r"(?:(?P<a>[A-Z][a-z]+)'s|(?P<pa>his|her)) <u:U>",
        builds=_b_take_of_owner,
        reads=("Adam bought 21 of Oscar's baseball cards",),
        not_reads=(
            "Adam bought several of Oscar's baseball cards",
            "Adam bought 21 from Oscar's baseball cards",
        ),
    ),
    SentenceRule(
        name="receive_from",
        pattern=r"<b:E> (?P<v>"
        + verbs("get receive borrow", "third", "past")
        + r") <n:N> (?:more )?(?:<u:U> )?from <a:E>",
        builds=_b_give,
        reads=("he received 21 stamps from his uncle",),
        not_reads=(
            "he received several stamps from his uncle",
            "he received only about 21 stamps from his uncle",
        ),
    ),
    SentenceRule(
        # "Andre gave her some more flowers": an unknown amount, asked for.
        name="give_some",
        pattern=r"<a:E> (?P<v>"
        + verbs("give hand send bring", "third", "past")
        + r") <b:E> some(?: more)? "
        r"<u:U>" + _TAIL,
        builds=_b_change_unknown("+"),
        reads=("Lena gave him some more shells",),
        not_reads=(
            "Lena gave him some more",
            "Lena gave him all of her shells",
        ),
    ),
    SentenceRule(
        # "Franklin gave some to her students": an unknown amount leaves her.
        name="give_some_to",
        pattern=r"<a:E> (?P<v>"
        + verbs("give hand send", "third", "past")
        + r") some(?: <u:U>| of them| of "
        r"(?:his|her|their|the) <u2:U>)? to (?:(?:a|an|the|his|her|their) [a-z]+(?: [a-z]+)?|"
        r"[A-Z][a-z]+)",
        builds=_b_change_unknown("-"),
        reads=("he gives some to Leo",),
        not_reads=(
            "he gives some for Leo",
            "he gives some to",
        ),
    ),
    SentenceRule(
        # "He got some more stickers for his birthday".
        name="gain_some",
        pattern=r"<a:E> (?P<v>" + GAIN_V + r") some(?: more)? <u:U>" + _TAIL,
        builds=_b_change_unknown("+"),
        reads=("she got some more buttons for her birthday",),
        not_reads=(
            "she got some more buttons for her",
            "she got a few more buttons for her birthday",
        ),
    ),
    SentenceRule(
        # "Some of her leaves blew away".
        name="lose_some_of",
        pattern=r"some of (?P<pos>his|her|their) <u:U> (?P<v>blew away|flew away|fell off|fell out|"
        r"rotted|melted|broke|popped|got lost|were lost|were eaten|were stolen)",
        builds=_b_change_unknown("-"),
        reads=("some of her leaves blew away",),
        not_reads=(
            "some of her leaves blows away",
            "some from her leaves blew away",
        ),
    ),
    SentenceRule(
        # "Vanessa sold all but 7 bars": all the one stock holds, less 7.
        name="all_but",
        pattern=r"<e:E> (?P<v>"
        + verbs("sell eat use give_away", "past", "third")
        + r") all but <n:N>"
        r"(?: <u:U>| of them)?",
        builds=_b_all_but,
        reads=("Vanessa sold all but 7 bars",),
        not_reads=(
            "Vanessa sold all but several bars",
            "Vanessa sold all but only about 7 bars",
        ),
    ),
    SentenceRule(
        # "the rabbits ate 27 watermelons": eaten from the one owner of the problem.
        name="pests_ate",
        pattern=r"the (?P<w>[a-z]+) (?P<v>"
        + verbs("eat destroy steal", "past", "base", "third")
        + r") <n:N>"
        r"(?: of (?:the|her|his|their) <u2:U>| of them| <u:U>)?",
        builds=_b_pests,
        reads=("the children eat 7 cookies",),
        not_reads=(
            "the children eat several cookies",
            "the children eat only about 7 cookies",
        ),
    ),
    SentenceRule(
        name="take_away",
        pattern=r"<e:E> (?P<v>takes|took) <n:N>(?: <u:U>)? away",
        builds=_b_take_away,
        reads=("Hugo takes 11 away",),
        not_reads=(
            "Hugo takes several away",
            "Hugo takes only about 11 away",
        ),
    ),
    SentenceRule(
        name="take_from",
        pattern=r"<e:E> (?P<v>"
        + verbs("take remove lift pull", "third", "past")
        + r") (?:out )?<n:N>(?: of them| of the <u2:U>| <u:U>)?(?: out| away)?(?: (?:out of|from|off) (?P<loc>the "
        + _W2
        + r"))?",
        builds=_b_take_from,
        reads=("Victor lifts 15 plates out of the cupboard",),
        not_reads=(
            "Victor lifts several plates out of the cupboard",
            "Victor lifts only about 15 plates out of the cupboard",
        ),
    ),
    SentenceRule(
        name="put_into",
        pattern=r"<e:E> (?P<v>"
        + verbs("put place add set stack", "third", "past")
        + r") <n:N> (?:more )?<u:U> (?:(?:back )?(?:in|into|on|onto|to) (?P<loc>the "
        + _W2
        + r")|inside)",
        builds=_b_put_into,
        reads=("Mom puts 12 more cookies in the jar",),
        not_reads=(
            "Mom puts several more cookies in the jar",
            "Mom puts 12 more cookies near the jar",
        ),
    ),
    SentenceRule(
        name="gain",
        pattern=r"<e:E> (?P<v>"
        + GAIN_V
        + r")(?: up)? (?:another )?<n:N>(?: more)?(?: <u:U>)?(?: more)?"
        + _TAIL
        + r"(?: to (?!give\b|share\b|sell\b)[a-z]+(?: (?:some |a |an |the |his |her )?"
        r"(?!(?:some|all|them|it|more)\b)[a-z]+(?: [a-z]+)?)?)?",
        builds=_b_have("gain"),
        reads=("she buys 2 pens",),
        not_reads=(
            "she buys several pens",
            "she buys only about 2 pens",
        ),
    ),
    SentenceRule(
        name="lose_away",
        pattern=r"<e:E> (?P<v>"
        + verbs("give throw put", "third", "past")
        + r") <n:N>(?: <u:U>)? away",
        builds=_b_have("lose"),
        reads=("she gave 9 cookies away",),
        not_reads=(
            "she gave several cookies away",
            "she gave only about 9 cookies away",
        ),
    ),
    SentenceRule(
        name="lose",
        # never with a source ("ate 5 apples from his garden"): what came from there need
        # not be any of what the holder had, so the loss of the stock is not certain
        pattern=r"(?!.* from (?!(?:it|them)\b))<e:E> (?P<v>"
        + LOSE_V
        + r") <n:N>(?: more)?(?: (?:old )?<u:U>| of them| of (?:the|his|her|their) <u2:U>)?"
        # what on ("on a new bike", "for lunch"); never a distributive word: "spent 4
        # minutes on each chair" is a time per chair, not 4 minutes
        + r"(?: (?:on|for|to) (?:a |an |the |his |her )?(?!(?:each|every|per|all)\b)[a-z]+"
        r"(?: [a-z]+){0,3})?" + _TAIL,
        builds=_b_have("lose"),
        reads=("he eats 2 cookies", "he eats 2 cookies from them"),
        not_reads=(
            "he eats 2 cookies from the jar",
            "he eats several cookies",
            "he eats only about 2 cookies",
        ),
    ),
)
