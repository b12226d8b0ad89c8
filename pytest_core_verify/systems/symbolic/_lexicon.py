"""The reader's vocabulary as data: the closed classes of English, and nouns that are not plurals.

A term is made of content words. Every word of a closed class (determiners and quantifiers,
the determiners the tables list as adjectives (``certain``, ``latter``, ``next``), numerals,
focus particles, modals and auxiliaries, negation adverbs, pronouns, existential ``there``,
conjunctions, conditionals, hedges, degree and comparison words, interjections)
is listed here with its class, and a sentence holding one is refused unless a rule of the
grammar reads it in that very place (``no``, ``all``, ``every`` at the start; ``not``,
``no``, ``never`` after the verb; ``does``/``do`` before ``not``; an article at the start of
a term). The classes are
open to additions one word at a time: a word belongs here when it has a grammatical job
rather than naming a thing, so that folding it into a term would store a claim nobody made
(``No one is a cat`` is not about "one"; ``Cats alone are pets`` is not about "cat alone").
The lists give a refusal its reason; they are not what keeps function words out of terms: a
word they miss must still be a content word by the part-of-speech lexicon (``_content``).

Two more tables name nouns by what they do before ``of``: units of measure (``kilo``,
``ounce``, and the metric ones by prefix and base) and partitive nouns (``pair``, ``deal``,
``rest``) say how much of what follows there is, so a term they open names an amount.

The last table lists the nouns whose form in ``-s`` is not the plural of a singular:
pluralia tantum (``goods``, ``means``, ``clothes``), mass nouns (``news``, ``measles``) and
names of fields (``economics``, ``ethics``). The inflection library would give them a
singular by its rules (``means`` -> ``mean``), which is a different word; they keep their
form. Plurals with two singulars (``axes``: axe or axis) are refused rather than guessed at.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, Literal

__all__ = [
    "ADVERB_ENDINGS",
    "AMBIGUOUS_PLURALS",
    "AMOUNT_ADJECTIVES",
    "CLOSED_CLASSES",
    "CLOSED_CLASS_ORDER",
    "METRIC_BASES",
    "METRIC_PREFIXES",
    "NOT_PLURALS",
    "PARTITIVE_NOUNS",
    "PREPOSITIONS",
    "QUANTITY_NOUNS",
    "REFERENCE_ADJECTIVES",
    "SERIES_WORDS",
    "UNGRADED_COMPARATIVES",
    "UNITS_OF_MEASURE",
    "ClosedClass",
    "NotPluralKind",
    "adverb_by_form",
    "closed_class",
    "measure_noun",
]

ClosedClass = Literal[
    "conditional",
    "conjunction",
    "existential",
    "interjection",
    "quantifier",
    "determiner",
    "particle",
    "adverb",
    "hedge",
    "modal",
    "comparison",
    "pronoun",
    "unsupported_verb",
    "negation",
]

#: Word classes in priority order: a sentence holding words of several classes is refused
#: for the first (``if it rains`` is a conditional, not a pronoun).
CLOSED_CLASS_ORDER: Final[tuple[ClosedClass, ...]] = (
    "conditional",
    "conjunction",
    "existential",
    "interjection",
    "quantifier",
    "determiner",
    "particle",
    "adverb",
    "hedge",
    "modal",
    "comparison",
    "pronoun",
    "unsupported_verb",
    "negation",
)


def _words(text: str) -> tuple[str, ...]:
    """The words of a space-separated list: the tables below stay readable as prose."""
    return tuple(text.split())


_NUMBERS: Final = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy "
    "eighty ninety hundred hundreds thousand thousands million millions billion billions "
    "trillion dozen dozens"
)

#: Each class and its words. Words read by a rule in some places (``no``, ``not``, ``all``,
#: ``every``, ``does``, the articles) are not here: the grammar places them (see ``_parse``).
CLOSED_CLASSES: Final[dict[ClosedClass, frozenset[str]]] = {
    "conditional": frozenset(
        _words("if when whenever unless then otherwise provided suppose assuming")
    ),
    "conjunction": frozenset(
        _words(
            "and or but either neither nor yet although though however because whereas while plus "
            "albeit whilst howbeit lest"
        )
    ),
    # "There is a cat" asserts that something exists; it says nothing of a term "there".
    "existential": frozenset(["there"]),
    # Interjections: a cry or a greeting is an utterance of its own, not a name; the tables
    # list some of them as nouns ("ah", "wow", "bravo"), so they are listed here.
    "interjection": frozenset(
        _words(
            "oh ah eh alas wow hey ugh hmm oops yikes gosh hooray bravo lo yay meh huh ahem "
            "hello hi bye goodbye "
            # Answer particles, greetings and mild oaths: each is a reply or a cry of its own.
            "nay nah nope yep yup yeah yea aye howdy hiya cheerio ciao adieu heck darn dang "
            "drat crikey blimey golly gee jeez shucks bah humph pah pshaw phooey whoa ouch"
        )
    ),
    # Determiners, quantifiers, numerals and exception words: each says how many, not what.
    "quantifier": frozenset(
        _words(
            "some most many few several both each any none nothing something everything "
            "anything nobody somebody everybody anybody someone everyone anyone only "
            "half lots lot plenty numerous various countless enough another other others "
            "such least much except excepting excluding including besides twice thrice "
            "percent majority minority sundry multiple myriad umpteen umpteenth nary "
            "manifold zillion gazillion oodles twain naught nought aught lotsa owt nowt summat "
            "nil zilch nada assorted miscellaneous " + _NUMBERS
        )
    ),
    # Determiners the tables list as adjectives: they pick out members of a kind
    # (certain, respective), say how much there is of it (sufficient, scant), or point back
    # or forward in the text (latter, former, next, following): none names a kind.
    "determiner": frozenset(
        _words(
            "certain respective divers numberless innumerous sufficient insufficient scant "
            "scanty latter former previous foregoing following next prior subsequent "
            "ensuing succeeding aforenamed abovementioned undermentioned belowmentioned"
        )
    ),
    # Focus particles: they restrict or stress a term ("cats alone"), they are not part of it.
    "particle": frozenset(
        _words(
            "alone solely merely exclusively purely simply especially particularly mainly "
            "chiefly primarily largely partly partially entirely wholly exactly "
            "precisely"
        )
    ),
    # Adverbs of time and place, and connectives: they place or link a claim, they name
    # nothing. (Manner adverbs in -ly are told by their ending: ``adverb_by_form``.)
    "adverb": frozenset(
        _words(
            "now once soon later nowadays henceforth formerly thus hence therefore moreover "
            "furthermore indeed instead anyway anyhow nevertheless nonetheless meanwhile "
            "afterwards beforehand somewhere everywhere anywhere elsewhere thereby therein "
            "whereby wherein thereafter hereby again hereafter forthwith meantime tonight "
            "yesterday tomorrow thence whence hither thither yonder erstwhile someplace "
            "anyplace noplace natheless ibid ibidem viz"
        )
    ),
    "hedge": frozenset(
        _words(
            "probably possibly perhaps maybe likely unlikely usually often sometimes always "
            "rarely seldom generally typically almost apparently supposedly arguably somewhat "
            "certainly surely also too even just occasionally frequently normally allegedly "
            "presumably reportedly ever already still kinda sorta"
        )
    ),
    # With the semi-modal "dare", which the tables also list as a noun ("a dare").
    "modal": frozenset(
        _words(
            "can could may might must should would will shall cannot ought dare "
            # Modals and semi-modals reduced with "to" or "have", as speech is written.
            "gonna wanna gotta hafta hasta oughta woulda coulda shoulda musta mighta"
        )
    ),
    # Degree and comparison: "X is no less Y", "X is more Y", "X is very Y" grade Y.
    "comparison": frozenset(
        _words(
            "like unlike than as more less fewer fewest very quite rather extremely highly fairly "
            "slightly similar same different so"
        )
    ),
    "pronoun": frozenset(
        _words(
            "it its itself this that these those they them their theirs themselves he him his "
            "himself she her hers herself we us our ours ourselves you your yours yourself "
            "yourselves i me my mine myself oneself who whom whose what which where why how "
            "whoever whatever whichever here thee thou thy thine ye thyself let whosoever "
            "whatsoever whichsoever whomever whomsoever aforesaid aforementioned selfsame "
            # Dialect possessives in -n, and verbs fused with a pronoun as speech is written.
            "ourn yourn hisn hern theirn lemme gimme gotcha betcha"
        )
    ),
    # Tense, aspect and voice: the grammar reads the simple present only.
    "unsupported_verb": frozenset(
        _words(
            "was were be been am has have had having did doing done preceded preceding "
            "required requiring presupposed presupposing gets got getting became become "
            "becomes wert wast beest"
        )
    ),
    # Negation adverbs and prepositions: they deny or all but deny, in places no rule reads.
    "negation": frozenset(_words("hardly scarcely barely nowhere without nor dunno")),
}

#: Adjectives that pick out which members of a kind are meant, or point to them in the
#: context, rather than add what the members are: ``a particular fox``, ``the main duck``,
#: ``the sole hen``, ``own goats``, ``the said goat``, ``the present duck``, ``extra hens``
#: name no kind "particular fox". Before another word of a term they are refused, with the
#: ``determiner`` reason; closing a term they are the nouns or predicates they also are (``a
#: particular is an individual``, ``a water main is a pipe``, ``a hen is particular``).
REFERENCE_ADJECTIVES: Final = frozenset(
    _words(
        "particular specific main principal chief sole mere own said usual customary "
        "present current entire exact remaining additional extra"
    )
)

#: Adjectives that say how much of a thing there is (``ample hay``, ``copious rain``,
#: ``scarce water``): an amount, not a kind, before another word of a term, as
#: ``sufficient`` and ``scant`` are; closing a term they are predicates (``hay is ample``).
AMOUNT_ADJECTIVES: Final = frozenset(
    _words(
        "ample abundant adequate copious plentiful bountiful scarce meagre meager excess "
        "surplus profuse"
    )
)

#: Words of place in a series, placed as the ordinals are (``_forms``): ``the last goat``,
#: ``the final duck``, ``initial hens`` pick out a member by its place; ``a final is an
#: exam`` and ``an initial is a letter`` are nouns.
SERIES_WORDS: Final = frozenset(_words("last final initial penultimate antepenultimate ultimate"))

#: Comparatives the tables list as plain adjectives, with no base they grade: ``a lesser
#: evil`` grades against one the sentence does not name, as ``a smaller evil`` does.
UNGRADED_COMPARATIVES: Final = frozenset(_words("lesser"))

#: Words that stress a leading quantifier rather than name a kind: ``every single cat``,
#: ``no single dog``, ``every last pet`` say "every cat", not that a cat is single or last.
EMPHATIC_AFTER_QUANTIFIER: Final = frozenset(_words("single last solitary blessed"))

_BY_WORD: Final[dict[str, ClosedClass]] = {
    word: cls for cls in reversed(CLOSED_CLASS_ORDER) for word in CLOSED_CLASSES[cls]
}


#: Endings of manner and sentence adverbs (``specifically``, ``currently``, ``notably``),
#: each after a stem of at least three letters, so that ``ally``, ``rally`` and ``lively``
#: are not taken for them; no common noun ends so.
ADVERB_ENDINGS: Final = (
    "ally",
    "ously",
    "ently",
    "antly",
    "ively",
    "ably",
    "ibly",
    "edly",
    "ingly",
)
_MIN_ADVERB_STEM: Final = 3
#: Clitics of an auxiliary: ``'re`` (are), ``'ve`` (have), ``'ll`` (will), ``'d`` (had,
#: would), ``'m`` (am); never a possessive.
_AUXILIARY_CLITICS: Final = frozenset({"re", "ve", "ll", "d", "m"})


def adverb_by_form(word: str) -> bool:
    """Is ``word`` an adverb by its ending (``principally``, ``independently``)?"""
    return any(
        word.endswith(end) and len(word) - len(end) >= _MIN_ADVERB_STEM for end in ADVERB_ENDINGS
    )


@lru_cache(maxsize=16384)
def closed_class(word: str) -> ClosedClass | None:
    """The closed class of a (case-folded) word, or None for a content word.

    Besides the tables: a contraction in ``n't`` (``can't``, ``won't``) is a negated
    auxiliary or modal, and a word with an adverb's ending is an adverb. Numerals in digits
    are placed by the reader instead: ``10 cats`` opens a term with a quantifier, while
    ``route 66`` is a name.
    """
    found = _BY_WORD.get(word)
    if found is not None:
        return found
    if word.endswith("n't"):
        return "negation"
    base, apostrophe, clitic = word.rpartition("'")
    if apostrophe and clitic in _AUXILIARY_CLITICS:
        return "unsupported_verb"  # they're, we'd, it'll, i'm, you've: pronoun + auxiliary
    if apostrophe and clitic == "s" and base in _BY_WORD:
        return _BY_WORD[base]  # she's, let's, there's: a possessive 's is on a noun
    if adverb_by_form(word):
        return "adverb"
    if _reflexive_by_form(word):
        return "pronoun"  # hisself, theirself, yerself: a pronoun and -self
    if _anaphoric_by_form(word):
        return "pronoun"  # aforenoted, aforecited: "afore" and a participle point back
    if _numeral_by_form(word):
        return "quantifier"  # seventh, tenfold: a numeral's ordinal or multiple
    return None


_REFLEXIVE_ENDINGS: Final = ("self", "selves")
_MIN_REFLEXIVE_STEM: Final = 2


def _reflexive_by_form(word: str) -> bool:
    """Is ``word`` a reflexive pronoun by its form (a stem and ``-self``/``-selves``)?

    No noun ends so but ``self`` and ``selves`` themselves, so a dialect or archaic
    reflexive the pronoun list lacks (``hisself``, ``theirselves``, ``meself``) is told too.
    """
    return any(
        word.endswith(end) and len(word) - len(end) >= _MIN_REFLEXIVE_STEM
        for end in _REFLEXIVE_ENDINGS
    )


#: The prefix of the anaphoric participles (``aforesaid``, ``aforementioned``): "before" in
#: the text. Such a word points back to something named earlier, as a pronoun does.
_ANAPHORIC_PREFIX: Final = "afore"
_ANAPHORIC_ENDINGS: Final = ("ed", "id", "en", "ten")
_MIN_ANAPHORIC_STEM: Final = 3


def _anaphoric_by_form(word: str) -> bool:
    """Is ``word`` ``afore-`` and a participle (``aforesaid``, ``aforenoted``, ``aforewritten``)?

    ``aforethought`` (malice aforethought) and ``afore`` itself are left alone: the rest must
    end as a past participle does.
    """
    stem = word[len(_ANAPHORIC_PREFIX) :]
    return (
        word.startswith(_ANAPHORIC_PREFIX)
        and len(stem) >= _MIN_ANAPHORIC_STEM
        and stem.endswith(_ANAPHORIC_ENDINGS)
    )


_NUMERALS: Final = CLOSED_CLASSES["quantifier"] & frozenset(_NUMBERS.split())

#: Endings that make an ordinal or a multiple of a numeral: ``seventh``, ``tenfold``.
_NUMERAL_ENDINGS: Final = ("th", "fold")


def _numeral_by_form(word: str) -> bool:
    """Is ``word`` an ordinal or a multiple of a listed numeral (``ninth``, ``twentieth``)?

    The stem is the numeral as spelled, or with the spelling changes of the ordinal: a
    dropped ``e`` (nine: ninth), ``ve`` written ``f`` (twelve: twelfth) and ``y`` written
    ``ie`` (twenty: twentieth).
    """
    numerals = _NUMERALS
    for end in _NUMERAL_ENDINGS:
        if not word.endswith(end):
            continue
        stem = word[: -len(end)]
        spellings = {stem, stem + "e", stem[:-1] + "ve"}
        if stem.endswith("ie"):
            spellings.add(stem[:-2] + "y")
        if spellings & numerals:
            return True
    return False


#: Prepositions. Inside a term one joins two of its nouns (``birds of prey``) and is read;
#: opening or closing a term it makes a phrase that is no term: ``X is in Y`` places X,
#: it does not say that X is a Y. Words that are also common adjectives or nouns (``past``,
#: ``near``, ``inside``) are left out.
PREPOSITIONS: Final = frozenset(
    _words(
        "of in on at by for with from to into onto under over among amongst amid amidst "
        "between within upon unto about above below beneath beside beyond through toward "
        "towards across against along around behind throughout underneath despite during "
        "via per until till"
    )
)

#: Nouns that count or group what follows ``of`` (``a ton of fish``, ``piles of stone``): the
#: term names an amount, not a thing, so a term with one of them before ``of`` is refused.
#: Singular forms; their plurals are found by the lexicon. (``mass`` is left out: ``a mass
#: of ice`` names a thing.)
QUANTITY_NOUNS: Final = frozenset(
    _words(
        "ton load heap pile score stack bag drove horde swarm ream bunch "
        # Collective numerals: each counts so many of what follows (a brace of birds is two).
        "brace gross duo trio quartet quintet sextet septet octet"
    )
)

#: Units of measure of mass, length, area, volume and energy, the customary ones written as
#: words; the metric ones are a prefix (``METRIC_PREFIXES``) and a base (``METRIC_BASES``),
#: so ``kilogram`` and ``centilitre`` need no entry. A unit before ``of`` measures what
#: follows (``a kilo of fish``, ``an ounce of gold``): the term names an amount. Units of
#: time are left out (``a day of rest`` names a thing), and so are nouns whose first sense
#: is a thing (``stone``, ``grain``, ``cup``, ``chain``): ``a cup of tea`` is a drink.
UNITS_OF_MEASURE: Final = frozenset(
    _words(
        "kilo ounce pound hundredweight dram carat karat tonne inch foot yard mile league "
        "furlong fathom acre hectare pint quart gallon gill peck bushel teaspoon tablespoon "
        "calorie kilocalorie joule watt"
    )
)
METRIC_PREFIXES: Final = _words("kilo hecto deca deka deci centi milli micro nano mega giga")
METRIC_BASES: Final = frozenset(_words("gram gramme litre liter metre meter"))

#: Partitive and quantity nouns (the grammar's name for nouns that say how much of what
#: follows ``of`` there is: ``a pair of``, ``a great deal of``, ``the rest of``, ``a pinch
#: of``), besides ``QUANTITY_NOUNS``. Nouns of a piece that is a thing of its own (``slice``,
#: ``piece``, ``loaf``, ``part``: ``a slice of bread is food``, ``a wheel is a part of a
#: car``) and of a group that is a thing (``flock``, ``pack``, ``school``, ``range``,
#: ``array``) are left out.
PARTITIVE_NOUNS: Final = frozenset(
    _words(
        "amount quantity number deal couple pair bulk rest remainder fraction portion "
        "proportion percentage quarter multitude plethora wealth slew host abundance "
        "profusion modicum smidgen pinch dash trace iota jot whit tad"
    )
)


def measure_noun(noun: str) -> bool:
    """Is the singular ``noun`` a unit of measure or a partitive noun (``kilo``, ``pair``)?"""
    if noun in QUANTITY_NOUNS or noun in UNITS_OF_MEASURE or noun in PARTITIVE_NOUNS:
        return True
    if noun in METRIC_BASES:
        return True  # a gram, a litre: the base is a unit without a prefix too
    return any(
        noun.startswith(prefix) and noun[len(prefix) :] in METRIC_BASES
        for prefix in METRIC_PREFIXES
    )


NotPluralKind = Literal["plurale_tantum", "mass", "field"]

#: Nouns whose -s form is not the plural of a singular, by kind: they keep their form.
NOT_PLURALS: Final[dict[str, NotPluralKind]] = {
    **dict.fromkeys(
        _words(
            "goods means clothes thanks riches savings earnings outskirts surroundings "
            "belongings whereabouts congratulations odds proceeds scissors trousers pants "
            "jeans shorts pliers tongs tweezers binoculars pyjamas pajamas shears leggings "
            "tights alms amends annals arrears auspices doldrums dregs entrails innards "
            "nuptials shenanigans suds tidings victuals headquarters barracks crossroads "
            "gallows series species bellows calipers callipers jodhpurs secateurs confines "
            "hustings jitters fisticuffs sweepstakes cahoots"
        ),
        "plurale_tantum",
    ),
    **dict.fromkeys(
        _words(
            "news measles mumps diabetes rabies herpes billiards darts chaos cosmos ethos "
            "pathos kudos molasses"
        ),
        "mass",
    ),
    **dict.fromkeys(
        _words(
            "economics ethics physics mathematics politics linguistics genetics athletics "
            "gymnastics electronics acoustics aerobics aeronautics astronautics astrophysics "
            "bioinformatics cybernetics dynamics ergonomics forensics geophysics informatics "
            "kinetics logistics metaphysics obstetrics optics orthodontics paediatrics "
            "pediatrics phonetics phonics robotics semantics semiotics thermodynamics "
            "hydraulics pneumatics aesthetics esthetics civics electrodynamics "
            "mechanics statistics econometrics biophysics geriatrics"
        ),
        "field",
    ),
}

#: Plurals with more than one singular noun, and those singulars.
AMBIGUOUS_PLURALS: Final[dict[str, tuple[str, ...]]] = {
    "axes": ("axe", "axis"),
    "bases": ("base", "basis"),
    "ellipses": ("ellipse", "ellipsis"),
    "leaves": ("leaf", "leave"),
    "staves": ("staff", "stave"),
    "media": ("medium", "media"),
    "dice": ("die", "dice"),
    "glasses": ("glass", "glasses"),
    "lives": ("life", "live"),
    "arms": ("arm", "arms"),
    "customs": ("custom", "customs"),
    "spectacles": ("spectacle", "spectacles"),
    "graphics": ("graphic", "graphics"),
    "tactics": ("tactic", "tactics"),
    "ceramics": ("ceramic", "ceramics"),
    "classics": ("classic", "classics"),
    "quarters": ("quarter", "quarters"),
    "remains": ("remain", "remains"),
    # The plural of a premise, and a building with its land (a plurale tantum).
    "premises": ("premise", "premises"),
}
