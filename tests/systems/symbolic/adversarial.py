"""An adversarial set for the symbolic reader: closed-class words and non-plurals in sentence frames.

Sentences are drawn by Hypothesis strategies (derandomized, so the set is the same on every
run) from word lists crossed with sentence frames that put the word where a term would be.
Each item says what a correct reader does with it:

- ``refuse``: a closed-class word sits inside what would be a term (``Ten cats are pets.``,
  ``Cats alone are pets.``, ``A cat is hardly a pet.``); reading the sentence at all is a
  misreading, since the grammar has no place for the word;
- ``keep``: a noun that is not a plural of a singular stands in a plural place (``Means are
  tools.``); reading it is right only when the term keeps the word as written;
- ``read``: an in-grammar control (``No cat is a dog.``); refusing it is a false refusal.

Word lists feed the ``refuse`` frames: the reader's own lexicon (``dev``) and three lists
written apart from it (``heldout``, ``heldout2``, ``heldout3``), so their figures measure the
reader's coverage rather than its consistency with itself. ``heldout3`` and the wide
in-grammar controls (``wide_control``: rare nouns, names, gerunds, participles, compounds)
were written before the content-word rule and never used to tune it. ``heldout4`` (other
interjections, archaic, dialect and foreign words, adverbs in -wise and -ward, particles,
discourse markers, unit and quantity nouns, participles, base verbs) and its controls
(``heldout4_control``) were written before the rules of evidence for words the tables list
in another class, measured once before them (53 of 150 misread, 1 of 60 controls refused);
after its second figure (45) it was used to tune the word-formation rules, so it is no
longer clean. ``heldout5`` (150 sentences: 120 over the closed classes the lexicon was
written for, in words no earlier list, control or the lexicon uses, and 30 over nouns in
-s that are no plurals) and its controls (``heldout5_control``) were written before the
word-formation rules and measured once on the reader as it stood: 61 of 150 wrong (58
misread, 3 non-plurals refused), 0 of 60 controls refused. ``heldout6`` (150 sentences over
the classes the fifth list's rules left misread: measure and partitive nouns, regular
participles and verb forms in -ing before a noun, adjectives of the tables standing as
adverbs, name-shaped interjections, a plural before a noun, and closed-class words no
earlier list, control or the lexicon uses) and its controls (``heldout6_control``) were
written before any rule for those classes and measured once on the reader as it stood
(at ``b6f3c8e``): 67 of 150 misread, 1 of 60 controls refused (``A spoken word is a
sound.``). It is not used to tune; the older lists are. After the rules for heads and
measures (units and partitives before ``of``, an adjective closing a term after its noun, a
plural before a noun, a dropped ``g``): 42, then 41 once the metric bases alone were added
to the unit rule, 1 of 60 controls refused. Its measure words are not clean: the unit and
partitive tables, written just after this list, hold its units and six of its partitives;
without its 46 measure sentences the figure is 49 of 104 before and 38 after. Its
misreadings, with the older lists', were then used for the rules for place words and
spoken forms (41 to 19), so it is no longer clean. ``heldout7`` (150 whole sentences in
fourteen classes no earlier list covers: determiners the lexicon lacks, comparatives and
superlatives, possessives, hyphenated words with a grammar word inside, adverbs without
-ly, words that join or except inside a term, reduced relatives, ordinals and old
numerals, copulas other than ``is``, passives with an object, archaic words, anaphoric
determiners, focus adverbs) and its controls (``heldout7_control``) were written before
those rules and measured once on the reader as it stood (at ``0034bb9``): 54 of 150
misread, 0 of 60 controls refused; after the rules, 54 and 0 (none of them reads one of its
classes). It is not used to tune.
``heldout8`` (120 whole sentences in the classes of the seventh list's misreadings, with
other words and frames: comparatives, regular and irregular, superlatives, passives with an
object, determiners, anaphoric determiners, ordinals and old numerals) and its controls
(``heldout8_control``: nouns in -er and -est, ordinals and measures in other senses) were
written before that round's rules and measured once on the reader as it stood (at
``25000e0``): 70 of 120 misread, 0 of 60 controls refused. ``heldout7`` was then used for
the rules for degrees and voice (54 to 3), so it is no longer clean; after them ``heldout8``
is 14 and 0, of which 16 fixed sentences come from words listed after its misreadings were
seen (verbs of two objects, ``prior``, ``subsequent``, ``quadruple``, ``trio``): 30 clean.
``heldout9`` (122 whole sentences one step away from the earlier classes: adjectives that
pick out or point to members rather than name a kind, words of place in a series,
adjectives of amount, superlatives in ``-most``, verb forms before a noun in a bare term,
closed-class words in forms no earlier list tries, and 18 nouns in -s that are no plurals)
and its 68 controls (``heldout9_control``: compound nouns, adjectives with their noun,
participles as adjectives, mass nouns, pluralia tantum, and the nouns the reference words
also are) were written before that round's rules and measured once on the reader as it
stood (at ``539d779``): 77 of 122 misread (75 read with the word in a term, 2 non-plurals
folded), 6 of 68 controls refused (``Number theory is a field.``, ``A first aid kit is a
box.``, ``First aid is care.``, ``Work is paid labour.``, ``A stolen car is property.``,
``A written test is an exam.``). After the rules for reference words: 12 and 3 (the verb
forms before a noun; ``number theory``, ``a first aid kit``, ``paid labour``); of the 65
fixed, 2 come from words listed after it was measured (``fisticuffs``, ``sweepstakes``).
``heldout8`` was used for those rules (14 to 5), so it is no longer clean.

Run (the measurement imports only ``parse_utterance``, so it runs against any checkout)::

    python tests/systems/symbolic/adversarial.py generate > /tmp/adversarial.jsonl
    PYTHONPATH=<checkout> python tests/systems/symbolic/adversarial.py measure /tmp/adversarial.jsonl
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

NOUNS = ("cat", "dog", "pet", "mammal", "tool", "fish", "bird", "stone", "tree", "river")
PLURAL = {n: n + ("es" if n.endswith("sh") else "s") for n in NOUNS}

#: Function words written apart from the reader's lexicon (the held-out list): determiners,
#: particles, auxiliaries and contractions, negation, archaic and rare pronouns, adverbs of
#: time and place, connectives.
HELDOUT_WORDS = [
    "umpteen",
    "myriad",
    "sundry",
    "fewest",
    "loads",
    "tons",
    "heaps",
    "multiple",
    "notably",
    "specifically",
    "principally",
    "predominantly",
    "uniquely",
    "singly",
    "independently",
    "dare",
    "used",
    "gonna",
    "won't",
    "can't",
    "couldn't",
    "wouldn't",
    "shouldn't",
    "mustn't",
    "nary",
    "nohow",
    "noway",
    "little",
    "thee",
    "thou",
    "thy",
    "ye",
    "whomever",
    "whosoever",
    "thyself",
    "thereby",
    "therein",
    "now",
    "formerly",
    "previously",
    "once",
    "yesterday",
    "tomorrow",
    "soon",
    "later",
    "currently",
    "nowadays",
    "henceforth",
    "thus",
    "hence",
    "therefore",
    "moreover",
    "furthermore",
    "indeed",
    "instead",
    "anyway",
    "somewhere",
    "everywhere",
    "anywhere",
    "elsewhere",
    "whereby",
    "wherein",
    "no-one",
    "somewhat",
    "among",
    "between",
    "within",
]

#: A second held-out list, written after the first had been measured (and had shown the
#: lexicon which classes it missed), and never measured before the lexicon was fixed.
HELDOUT2_WORDS = [
    "albeit",
    "whilst",
    "unto",
    "upon",
    "amid",
    "amongst",
    "thence",
    "whence",
    "hither",
    "thither",
    "yonder",
    "aught",
    "naught",
    "nought",
    "twain",
    "zillion",
    "gazillion",
    "manifold",
    "scant",
    "oft",
    "anew",
    "forthwith",
    "hereafter",
    "whereupon",
    "notwithstanding",
    "lest",
    "ere",
    "till",
    "until",
    "since",
    "wherever",
    "howbeit",
    "thereof",
    "whereof",
    "hitherto",
    "likewise",
    "overall",
    "altogether",
    "respectively",
    "accordingly",
    "conversely",
    "consequently",
    "subsequently",
    "ultimately",
    "eventually",
    "hopefully",
    "literally",
    "virtually",
    "essentially",
    "basically",
    "we'd",
    "they're",
    "you're",
    "i'm",
    "it'll",
    "she's",
    "he'd",
    "let's",
    "shan't",
    "ain't",
    "oughtn't",
    "needn't",
    "y'all",
    "someplace",
    "noplace",
    "anyplace",
    "sometime",
    "anytime",
    "whatsoever",
    "whichsoever",
]

#: A third held-out list, written before the content-word rule and never used to tune it:
#: the classes the first lexicon could not list in advance. Archaic and rare function
#: words, adverbs (in -ly outside the endings, and others), verb forms in term places
#: (progressive, participles, past and present tense), nouns that act as determiners,
#: interjections and foreign words.
HELDOUT3_WORDS = [
    # archaic and rare function words
    "whereat",
    "wherefore",
    "hereunto",
    "thereto",
    "whither",
    "erstwhile",
    "forasmuch",
    "inasmuch",
    "insofar",
    "anent",
    "betwixt",
    "sans",
    "nigh",
    "athwart",
    "withal",
    "perchance",
    "mayhap",
    "peradventure",
    "haply",
    "belike",
    "natheless",
    "thereupon",
    "herein",
    "hereof",
    "qua",
    "circa",
    "versus",
    "vs",
    # adverbs: in -ly outside the listed endings, and others
    "clearly",
    "really",
    "truly",
    "fully",
    "nearly",
    "mostly",
    "openly",
    "strictly",
    "directly",
    "widely",
    "rightly",
    "wrongly",
    "quickly",
    "slowly",
    "badly",
    "thoroughly",
    "utterly",
    "afar",
    "abroad",
    "aloud",
    "apart",
    "aside",
    "away",
    "downward",
    "forever",
    "anymore",
    "else",
    "alike",
    "meantime",
    "tonight",
    # verb forms where a term would be
    "eating",
    "chasing",
    "sleeping",
    "loved",
    "eaten",
    "ate",
    "chased",
    "eats",
    "sleeps",
    "seems",
    "appears",
    "becoming",
    "making",
    "owned",
    "kept",
    "known",
    "given",
    "taken",
    "bitten",
    "hunting",
    # nouns that act as determiners
    "oodles",
    "oodles of",
    "scores of",
    "masses of",
    "heaps of",
    "tons of",
    "loads of",
    "stacks of",
    "piles of",
    "droves of",
    "hordes of",
    "swarms of",
    "bags of",
    "reams of",
    "a bunch of",
    "a ton of",
    "umpteenth",
    # interjections
    "oh",
    "alas",
    "wow",
    "hey",
    "ugh",
    "hmm",
    "oops",
    "ah",
    "eh",
    "yikes",
    "gosh",
    "hooray",
    "bravo",
    "behold",
    "lo",
    "yay",
    "meh",
    "huh",
    "ahem",
    # foreign words
    "per se",
    "ipso facto",
    "de facto",
    "et cetera",
    "etc",
    "und",
    "der",
    "le",
    "la",
    "el",
    "sehr",
    "tres",
    "muy",
    "nicht",
    "pas",
    "kein",
    "ja",
    "oui",
    "non",
    "nein",
]

#: A fourth held-out list, written before the rules of evidence for words the tables list
#: in another class (lone unknown words, adverb-dominant nouns, quantity nouns, participles
#: and base verbs in term places) and never used to tune them: word classes none of the
#: earlier lists drew on.
HELDOUT4_WORDS = [
    # other interjections
    "phew",
    "whoa",
    "aha",
    "bah",
    "pshaw",
    "tut",
    "hurrah",
    "huzzah",
    "egad",
    "zounds",
    "alack",
    "ouch",
    "shh",
    "psst",
    "blimey",
    "crikey",
    "hmph",
    "whew",
    "golly",
    "jeez",
    "yippee",
    "ooh",
    "duh",
    "ahoy",
    # archaic and dialect words
    "prithee",
    "forsooth",
    "verily",
    "anon",
    "whilom",
    "eftsoons",
    "yclept",
    "ofttimes",
    "ne'er",
    "e'er",
    "o'er",
    "howsoever",
    "whensoever",
    "wheresoever",
    "whereon",
    "whereunto",
    "hereto",
    "therewith",
    "herewith",
    "innit",
    "dunno",
    "gotta",
    "wanna",
    "kinda",
    "sorta",
    "nowt",
    "owt",
    "summat",
    "mebbe",
    # foreign words
    "ergo",
    "sic",
    "viz",
    "passim",
    "ibid",
    "inter alia",
    "en masse",
    "sub rosa",
    "avec",
    "mit",
    "aber",
    "oder",
    "pero",
    "sino",
    "que",
    "del",
    "doch",
    "auch",
    "schon",
    "nyet",
    "ohne",
    "chez",
    # adverbs in -wise and -ward
    "clockwise",
    "lengthwise",
    "crosswise",
    "edgewise",
    "contrariwise",
    "moneywise",
    "backward",
    "upward",
    "homeward",
    "inward",
    "outward",
    "skyward",
    "westward",
    "towards",
    "thenceforward",
    # particles
    "up",
    "down",
    "off",
    "out",
    "forth",
    "upwards",
    "onward",
    "aboard",
    "overhead",
    # discourse markers
    "well",
    "okay",
    "alright",
    "incidentally",
    "admittedly",
    "frankly",
    "honestly",
    "namely",
    "regardless",
    "sort of",
    "kind of",
    "mind you",
    "you know",
    "i mean",
    # unit and quantity nouns
    "kilos of",
    "litres of",
    "gallons of",
    "pints of",
    "pounds of",
    "ounces of",
    "grams of",
    "cups of",
    "spoonfuls of",
    "handfuls of",
    "barrels of",
    "crates of",
    "a handful of",
    "a couple of",
    "a pair of",
    "a number of",
    "a slew of",
    "a multitude of",
    "a plethora of",
    "a wealth of",
    "a great deal of",
    "a portion of",
    "a pinch of",
    "a smidgen of",
    "a modicum of",
    "a kilo of",
    "an ounce of",
    "a gallon of",
    # participles
    "forgotten",
    "stolen",
    "hidden",
    "chosen",
    "driven",
    "woven",
    "sworn",
    "shaken",
    "thrown",
    "drawn",
    "sought",
    "caught",
    "bought",
    "fed",
    "led",
    "held",
    "sent",
    "spent",
    "begun",
    "sung",
    # conversions: base verbs and other words in a term's place
    "devour",
    "ponder",
    "shun",
    "obey",
    "forbid",
    "endure",
    "flee",
    "ensue",
    "beget",
    "bestow",
    "imbue",
    "partake",
    "forsake",
    "seize",
    "depart",
]

#: In-grammar sentences written with the fourth held-out list, over words none of the
#: earlier controls used (rare nouns, names, compounds, participial adjectives the
#: lexicon lists as adjectives, nouns that name a unit): refusing one is a false refusal.
HELDOUT4_CONTROLS = [
    "A narwhal is a whale.",
    "Narwhals are whales.",
    "A wombat is a marsupial.",
    "Wombats are marsupials.",
    "A capybara is a rodent.",
    "An ocelot is a cat.",
    "A dugong is not a fish.",
    "A gharial is a reptile.",
    "A numbat is an animal.",
    "A kinkajou is a mammal.",
    "Aristotle is a philosopher.",
    "Aristotle is mortal.",
    "Actually Aristotle is a teacher.",
    "What is Aristotle?",
    "Plato is a man.",
    "Is Plato mortal?",
    "Kant is a thinker.",
    "London is a city.",
    "The Danube is a river.",
    "Mount Fuji is a volcano.",
    "A frozen lake is a hazard.",
    "A fallen tree is an obstacle.",
    "A married man is a husband.",
    "An armed guard is a sentry.",
    "A retired teacher is a pensioner.",
    "A given name is a name.",
    "A broken promise is a betrayal.",
    "A used car is a vehicle.",
    "A bookcase is furniture.",
    "A sunflower is a plant.",
    "A toothbrush is a tool.",
    "A lighthouse is a building.",
    "A firefly is an insect.",
    "Fireflies are insects.",
    "Rainwater is water.",
    "A snowstorm requires cold air.",
    "A ton is a unit.",
    "A kilogram is a unit of mass.",
    "A gallon is a measure.",
    "A litre is a unit.",
    "A pound is a unit of weight.",
    "A cup is a vessel.",
    "A barrel is a container.",
    "A handful is a small amount.",
    "A couple is a pair.",
    "A slice of bread is food.",
    "A cup of tea is a drink.",
    "A house of cards is a structure.",
    "A flock of sheep is a group.",
    "Thunder requires lightning.",
    "Sunrise precedes noon.",
    "Forgiveness presupposes a wrong.",
    "Every narwhal is a mammal.",
    "No wombat is a reptile.",
    "All capybaras are rodents.",
    "What are narwhals?",
    "Is a wombat a marsupial?",
    "Are capybaras rodents?",
    "Does thunder require lightning?",
    "Correction: a dugong is a mammal.",
]

#: A fifth held-out list, written before any rule that ``heldout4`` prompted and measured
#: once on the reader as it stood then (61 of 150 wrong): the classes the closed-class lexicon was written
#: for (quantifiers and numerals, focus particles, modals, auxiliaries, tense and the
#: progressive, negation adverbs, pronouns, existential ``there``), over words that no
#: earlier list, control or the lexicon uses. Each word's class is its key.
HELDOUT5_WORDS: dict[str, tuple[str, ...]] = {
    "quantifier": (
        "first",
        "third",
        "fifth",
        "seventh",
        "tenth",
        "hundredth",
        "fourfold",
        "tenfold",
        "fourscore",
        "threescore",
        "quadrillion",
        "squillion",
        "bajillion",
        "googol",
        "innumerable",
        "numberless",
        "untold",
        "certain",
        "divers",
        "assorted",
        "copious",
        "a fraction of",
        "the bulk of",
        "the rest of",
        "a quarter of",
        "eleventh",
        "sixfold",
        "sextillion",
        "umpty",
        "a third of",
    ),
    "particle": (
        "singularly",
        "expressly",
        "explicitly",
        "specially",
        "squarely",
        "nominally",
        "outright",
        "in particular",
        "par excellence",
        "foremost",
        "preeminently",
        "invariably",
        "distinctively",
        "peculiarly",
        "similarly",
        "additionally",
    ),
    "modal": (
        "shalt",
        "wilt",
        "canst",
        "wouldst",
        "shouldst",
        "mayest",
        "dost",
        "doth",
        "hath",
        "hast",
        "wert",
        "wast",
        "oughta",
        "hafta",
        "needs",
        "'twas",
        "woulda",
        "coulda",
        "shoulda",
        "musta",
        "didst",
        "hadst",
    ),
    "tense": (
        "went",
        "gone",
        "came",
        "seemed",
        "appeared",
        "remained",
        "stayed",
        "grew",
        "began",
        "tends",
        "happens",
        "continues",
        "ceased",
    ),
    "progressive": (
        "running",
        "flying",
        "barking",
        "purring",
        "growing",
        "following",
        "resembling",
        "containing",
        "outliving",
        "preying",
        "nesting",
        "going",
    ),
    "negation": (
        "nevermore",
        "nowise",
        "nope",
        "nah",
        "nay",
        "noways",
        "nowhen",
        "nowhither",
        "naw",
        "nae",
        "nix",
        "isn't",
        "doesn't",
        "daren't",
        "mightn't",
    ),
    "pronoun": (
        "ourself",
        "themself",
        "hisself",
        "theirself",
        "whatnot",
        "so-and-so",
        "yon",
        "youse",
        "yer",
        "'em",
        "whoso",
        "whosever",
        "somethin",
        "nothin",
        "meself",
        "yerself",
        "hisn",
        "ourn",
        "yourn",
    ),
    "existential": (
        "thar",
        "dere",
        "thur",
        "theer",
        "exists",
        "exist",
        "abound",
        "abounds",
        "existeth",
    ),
}

#: Nouns written with the fifth list whose form in -s is no plural of a singular (pluralia
#: tantum, mass nouns, names of fields in -ics), none of them in the lexicon's table: read
#: in a plural place, the term must keep the word as written.
HELDOUT5_NOT_PLURALS: tuple[str, ...] = (
    "knickers",
    "overalls",
    "breeches",
    "slacks",
    "calipers",
    "secateurs",
    "goggles",
    "bellows",
    "pincers",
    "dungarees",
    "jodhpurs",
    "underpants",
    "environs",
    "confines",
    "lodgings",
    "smithereens",
    "jitters",
    "rickets",
    "scabies",
    "hermeneutics",
    "pragmatics",
    "numismatics",
    "geopolitics",
    "avionics",
    "genomics",
    "eugenics",
    "calisthenics",
    "poetics",
    "ballistics",
    "aerodynamics",
    "cryogenics",
    "onomastics",
)

#: In-grammar sentences written with the fifth list, over words no earlier control uses
#: (rare nouns, names, compounds, terms of several words, pluralia tantum as subjects):
#: refusing one is a false refusal.
HELDOUT5_CONTROLS = [
    "A heron is a bird.",
    "Herons are birds.",
    "A marmot is a rodent.",
    "Marmots are rodents.",
    "A tapir is a mammal.",
    "A lamprey is a fish.",
    "Lampreys are fish.",
    "A salamander is an amphibian.",
    "A hornet is an insect.",
    "Hornets are insects.",
    "A walrus is a mammal.",
    "A cobra is a snake.",
    "A cobra is venomous.",
    "A falcon is not a mammal.",
    "No heron is a reptile.",
    "Every marmot is a mammal.",
    "All hornets are insects.",
    "Tapirs are never reptiles.",
    "A chisel is a tool.",
    "Chisels are tools.",
    "A trumpet is an instrument.",
    "A cello is an instrument.",
    "A sofa is furniture.",
    "A wardrobe is furniture.",
    "A carpenter is a craftsman.",
    "A plumber is a tradesman.",
    "A poet is a writer.",
    "Poets are writers.",
    "Homer is a poet.",
    "Homer is mortal.",
    "Euclid is a mathematician.",
    "Berlin is a city.",
    "The Amazon is a river.",
    "Lake Baikal is a lake.",
    "What is Euclid?",
    "Is Homer a poet?",
    "Is Euclid mortal?",
    "A steam engine is a machine.",
    "A rainbow is an arc of light.",
    "A cup of coffee is a drink.",
    "A school of fish is a group.",
    "A wooden spoon is a utensil.",
    "Knitting requires yarn.",
    "Rowing is exercise.",
    "Harvest precedes winter.",
    "Dusk precedes night.",
    "An apology presupposes an offence.",
    "A forgery presupposes an original.",
    "A kiln requires heat.",
    "Does a kiln require heat?",
    "What are herons?",
    "What is a marmot?",
    "Is a walrus a fish?",
    "Are hornets insects?",
    "Actually a lamprey is a fish.",
    "Correction: a walrus is a mammal.",
    "No, a cobra is not a lizard.",
    "Trousers are garments.",
    "Scissors are tools.",
    "A granite boulder is a rock.",
]

#: A sixth held-out list, written before any rule it or the classes it covers prompted, and
#: measured once on the reader as it stood then (see the module docstring): the classes the
#: fifth list's rules left misread (measure and partitive nouns, regular participles and verb
#: forms in -ing before a noun, adjectives and nouns of the tables standing as adverbs,
#: name-shaped interjections, a plural before a noun) and closed-class words no earlier
#: list, control or the lexicon uses. Each word's class is its key.
HELDOUT6_WORDS: dict[str, tuple[str, ...]] = {
    "measure": (
        "a metre of",
        "a yard of",
        "a mile of",
        "an acre of",
        "a tonne of",
        "a quart of",
        "a bushel of",
        "a teaspoon of",
        "a hectare of",
        "a milligram of",
        "a centilitre of",
        "an inch of",
        "a dram of",
        "a sliver of",
        "a speck of",
        "a morsel of",
        "a dash of",
        "a trace of",
        "a scrap of",
        "a shred of",
        "a raft of",
        "a host of",
        "a variety of",
        "the remainder of",
        "a proportion of",
        "a percentage of",
        "the entirety of",
    ),
    "participle": (
        "painted",
        "hunted",
        "tamed",
        "feared",
        "praised",
        "rescued",
        "captured",
        "pampered",
        "scolded",
        "groomed",
    ),
    "ing_modifier": (
        "grazing",
        "hissing",
        "gnawing",
        "wading",
        "soaring",
        "lurking",
        "prowling",
        "roaming",
        "hopping",
    ),
    "adverb_use": (
        "upfront",
        "overnight",
        "indoors",
        "outdoors",
        "downstairs",
        "offhand",
        "underfoot",
        "downhill",
        "overseas",
        "astray",
        "amiss",
        "apace",
        "midway",
        "thereabouts",
        "somehow",
        "someday",
    ),
    "interjection": (
        "blah",
        "gee",
        "yup",
        "oi",
        "tsk",
        "humph",
        "shucks",
        "dang",
        "gadzooks",
        "cheerio",
        "ciao",
        "howdy",
        "yo",
        "welp",
        "yeah",
        "heck",
    ),
    "plural_modifier": (
        "apples",
        "horses",
        "chairs",
        "clouds",
        "wolves",
        "wheels",
        "lamps",
        "rats",
    ),
    "quantifier": (
        "twenty-one",
        "ninety-nine",
        "billionth",
        "thousandth",
        "septillion",
        "nil",
        "scads",
    ),
    "pronoun": ("aforementioned", "aforesaid", "selfsame", "whoe'er", "ditto"),
    "modal": ("'tis", "usedn't", "mote", "gotten"),
}

#: In-grammar sentences written with the sixth list, over words no earlier control uses
#: (rare nouns, names the tables may not hold, compounds, participles the tables list as
#: adjectives, nouns that are no units): refusing one is a false refusal.
HELDOUT6_CONTROLS = [
    "A hyrax is a mammal.",
    "Hyraxes are mammals.",
    "A gecko is a lizard.",
    "Geckos are lizards.",
    "A puffin is a bird.",
    "Puffins are birds.",
    "A badger is a mammal.",
    "A mole is not a rodent.",
    "A stingray is a fish.",
    "Stingrays are fish.",
    "A seahorse is a fish.",
    "A dragonfly is an insect.",
    "Dragonflies are insects.",
    "A bullfrog is an amphibian.",
    "A woodpecker is a bird.",
    "Zeno is a philosopher.",
    "Zeno is mortal.",
    "What is Zeno?",
    "Is Zeno a philosopher?",
    "Archimedes is a mathematician.",
    "Galileo is an astronomer.",
    "Madrid is a city.",
    "The Nile is a river.",
    "Lake Como is a lake.",
    "Mount Etna is a volcano.",
    "A dishwasher is a machine.",
    "A wheelbarrow is a tool.",
    "A screwdriver is a tool.",
    "Screwdrivers are tools.",
    "A doorbell is a device.",
    "A raincoat is a garment.",
    "A bathtub is a vessel.",
    "A frozen pond is a hazard.",
    "A wounded soldier is a casualty.",
    "A boiled egg is food.",
    "A baked potato is food.",
    "A wrecked ship is a wreck.",
    "A spoken word is a sound.",
    "A dried fruit is a snack.",
    "A fried egg is food.",
    "A barking dog is a nuisance.",
    "A sleeping cat is a pet.",
    "A mile is a unit.",
    "A metre is a unit of length.",
    "A yard is a garden.",
    "An acre is an area.",
    "A raft is a boat.",
    "A host is a person.",
    "A loaf of bread is food.",
    "A bowl of soup is a meal.",
    "A basket of fruit is a gift.",
    "A pack of wolves is a group.",
    "Hibernation requires fat.",
    "Pottery requires clay.",
    "Sowing precedes reaping.",
    "Every gecko is a reptile.",
    "No puffin is a mammal.",
    "All badgers are mammals.",
    "Does pottery require clay?",
    "Correction: a hyrax is a mammal.",
]

#: A seventh held-out list, written before any rule of its round and measured once on the
#: reader as it stood then (see the module docstring): whole sentences, each at or just
#: outside the grammar, in classes no earlier list covers: determiners the lexicon lacks,
#: comparatives and superlatives in a term, possessives, hyphenated words with a grammar
#: word inside, adverbs without -ly, words that join or except inside a term, reduced
#: relative clauses, ordinals and old numerals, copula verbs other than ``is``, passives
#: with an object, archaic words, anaphoric determiners and focus adverbs. A reading of any
#: of them stores a claim nobody made. Each sentence's class is its key.
HELDOUT7_SENTENCES: dict[str, tuple[str, ...]] = {
    "determiner": (
        "Certain cats are pets.",
        "A certain cat is a pet.",
        "Cats are certain pets.",
        "What is a certain dog?",
        "Respective owners are people.",
        "Divers fish are pets.",
        "Numberless stars are suns.",
        "Innumerous stars are suns.",
        "Sufficient food is a need.",
        "Scant rain is a drought.",
    ),
    "comparative": (
        "Bigger cats are lions.",
        "A bigger dog is a guard.",
        "Older trees are oaks.",
        "Cats are smaller pets.",
        "A heavier stone is a boulder.",
        "Faster birds are falcons.",
        "What is a larger river?",
        "Is a wiser owl a bird?",
        "Colder water is ice.",
        "A cheaper tool is a hammer.",
        "Cats are better pets.",
        "Worse storms are hurricanes.",
    ),
    "superlative": (
        "The biggest cat is a tiger.",
        "The fastest bird is a falcon.",
        "Oldest trees are redwoods.",
        "The tallest tree is a redwood.",
        "A dog is the best pet.",
        "The worst storm is a hurricane.",
        "What is the longest river?",
        "The smallest bird is a hummingbird.",
        "The nearest star is the sun.",
        "Is the heaviest stone a boulder?",
    ),
    "possessive": (
        "A cat's toy is a ball.",
        "The dog's bone is a treat.",
        "Cats' toys are balls.",
        "A bird's nest is a home.",
        "Everyone's cat is a pet.",
        "One's duty is a burden.",
        "A cat is the dog's friend.",
        "Whose cat is a pet.",
        "A river's bank is land.",
        "Someone's dog is a pet.",
    ),
    "hyphenated": (
        "A so-called cat is a pet.",
        "A would-be pet is a dog.",
        "Soon-to-be pets are cats.",
        "A not-yet pet is a cat.",
        "An as-yet tree is a seed.",
        "A must-have tool is a knife.",
        "A might-be cat is a dog.",
        "Cats are must-see pets.",
        "A cat is a kind-of pet.",
        "An all-but-wild cat is a pet.",
    ),
    "adverb": (
        "A cat is together a pet.",
        "Cats are anew pets.",
        "A dog is afresh a pet.",
        "Cats are forever pets.",
        "Cats are mostly pets.",
        "A cat is nearly a pet.",
        "A dog is really a pet.",
        "A cat is truly a pet.",
        "Cats are fully pets.",
        "A dog is likewise a pet.",
        "Cats are doubtless pets.",
        "A bird is withal a pet.",
    ),
    "joined_term": (
        "Cats along with dogs are pets.",
        "Cats together with dogs are pets.",
        "Cats alongside dogs are pets.",
        "Cats save lions are pets.",
        "Cats bar lions are pets.",
        "Cats barring lions are pets.",
        "Cats minus lions are pets.",
        "Cats apart from lions are pets.",
        "Cats aside from lions are pets.",
        "Cats & dogs are pets.",
        "Cats, dogs are pets.",
        "Cats n dogs are pets.",
    ),
    "relative": (
        "Cats dogs chase are pets.",
        "Trees birds love are oaks.",
        "Cats sleeping are pets.",
        "Dogs kept indoors are pets.",
        "A dog trained well is a pet.",
        "A cat fed daily is a pet.",
        "A cat owners love is a pet.",
        "A fish people eat is food.",
        "Stones rivers carry are pebbles.",
        "Cats, which purr, are pets.",
        "Cats that purr are pets.",
        "A cat I own is a pet.",
    ),
    "numeral": (
        "The first cat is a pet.",
        "A second dog is a pet.",
        "Third trees are oaks.",
        "Eighth cats are pets.",
        "Fourscore cats are pets.",
        "Twoscore dogs are pets.",
        "A brace of birds is a pair.",
        "A gross of pencils is a stock.",
        "Double cats are pets.",
        "Triple trees are a grove.",
        "A tenth of cats are pets.",
        "Two-thirds of cats are pets.",
    ),
    "copula": (
        "A cat remains a pet.",
        "Cats seem pets.",
        "A dog becomes a pet.",
        "A cat stays a pet.",
        "What seems a cat is a dog.",
        "A cat is seemingly a pet.",
        "A kitten is grown a cat.",
        "A cat appears a pet.",
        "A tadpole turns a frog.",
        "Kittens grow cats.",
    ),
    "passive": (
        "A dog is named Rex.",
        "A cat is called Tom.",
        "A cat is given milk.",
        "A dog is fed meat.",
        "A bird is taught songs.",
        "A pet is offered food.",
        "A cat is allowed milk.",
        "A dog is denied food.",
        "A dog is handed bones.",
        "A cat is served fish.",
        "Cats are shown mice.",
        "Dogs are awarded prizes.",
    ),
    "archaic": (
        "A cat is ere a dog.",
        "A cat is nigh a dog.",
        "Verily a cat is a pet.",
        "Forsooth cats are pets.",
        "Methinks a cat is a pet.",
        "Prithee a cat is a pet.",
        "Oft cats are pets.",
        "Yon cat is a pet.",
        "A cat is eke a pet.",
        "Whilom cats are pets.",
        "Wherefore cats are pets.",
        "Cats are anon pets.",
    ),
    "anaphoric": (
        "The said cat is a pet.",
        "The latter cat is a pet.",
        "The former dog is a pet.",
        "The foregoing cat is a pet.",
        "The abovementioned cat is a pet.",
        "The next cat is a pet.",
        "The previous dog is a pet.",
        "The following cat is a pet.",
        "The undermentioned cat is a pet.",
        "The aforenamed cat is a pet.",
    ),
    "focus": (
        "Cats are pets too.",
        "Even cats are pets.",
        "Cats also are pets.",
        "Cats are still pets.",
        "Cats are already pets.",
        "Cats are pets as well.",
    ),
}

#: In-grammar sentences written with the seventh list, near its classes (nouns in -er and
#: -est that are no comparatives or superlatives, nouns that are also ordinals or measures,
#: hyphenated words of content words, the nouns the list's sentences use): refusing one is
#: a false refusal.
HELDOUT7_CONTROLS = [
    "A mother is a parent.",
    "A tiger is a cat.",
    "Water is a liquid.",
    "A letter is a message.",
    "A finger is a digit.",
    "Butter is a fat.",
    "A forest is a habitat.",
    "A nest is a shelter.",
    "A chest is a box.",
    "A priest is a cleric.",
    "A guest is a visitor.",
    "A contest is a game.",
    "An interest is a concern.",
    "A second is a unit of time.",
    "A brace is a support.",
    "A quarter is a coin.",
    "A fraction is a number.",
    "An elder is a leader.",
    "A ladder is a tool.",
    "A hammer is a tool.",
    "A falcon is a bird.",
    "Falcons are birds.",
    "A redwood is a tree.",
    "Redwoods are trees.",
    "A hummingbird is a bird.",
    "A boulder is a stone.",
    "A hurricane is a storm.",
    "Hurricanes are storms.",
    "An oak is a tree.",
    "Oaks are trees.",
    "A lion is a cat.",
    "Lions are cats.",
    "A pebble is a stone.",
    "Pebbles are stones.",
    "A kitten is a cat.",
    "Kittens are cats.",
    "A tadpole is a larva.",
    "A falconer is a person.",
    "A self-portrait is a painting.",
    "A left-handed person is a person.",
    "A house cat is a pet.",
    "A guard dog is a dog.",
    "A nail is a fastener.",
    "A duty is an obligation.",
    "A toy is an object.",
    "Toys are objects.",
    "A bone is a treat.",
    "A dilemma is a problem.",
    "A drought is a disaster.",
    "A flood is a disaster.",
    "Milk is a drink.",
    "Meat is food.",
    "A song is music.",
    "Every oak is a tree.",
    "No pebble is a boulder.",
    "All lions are cats.",
    "Does a kitten require milk?",
    "Is a falcon a bird?",
    "What is a redwood?",
    "Correction: a tadpole is a larva.",
]

#: An eighth held-out list, written before any rule of its round and measured once on the
#: reader as it stood then (``symbolic7`` at ``25000e0``): whole sentences in the classes
#: the seventh list's misreadings fell into, with other words and frames: comparatives
#: (regular and irregular: better, worse, more, less, elder), superlatives (best, worst,
#: most, least, foremost), passives with an object or a complement, determiners the
#: lexicon lacks, anaphoric determiners, ordinals and old numerals. Each sentence's class
#: is its key.
HELDOUT8_SENTENCES: dict[str, tuple[str, ...]] = {
    "comparative": (
        "Taller trees are pines.",
        "A younger horse is a foal.",
        "Wetter soil is mud.",
        "A louder bird is a crow.",
        "Darker clouds are storms.",
        "A deeper lake is a sea.",
        "Is a longer snake a python?",
        "What is a warmer coat?",
        "Lions are stronger cats.",
        "A crow is a cleverer bird.",
        "Horses are swifter animals.",
        "A pine is a greener tree.",
        "Better tools are hammers.",
        "A worse flood is a disaster.",
        "More water is a flood.",
        "Less food is a famine.",
        "Fewer birds are a sign.",
        "A horse is a better servant.",
        "Does a bigger dog require more food?",
        "Happier horses are foals.",
        "A thinner coat is a jacket.",
        "Wider rivers are estuaries.",
        "Elder sons are heirs.",
        "A lesser evil is a choice.",
    ),
    "superlative": (
        "The tallest animal is a giraffe.",
        "The largest ocean is the Pacific.",
        "Coldest winds are gales.",
        "A crow is the cleverest bird.",
        "The deepest lake is a rift.",
        "What is the hottest planet?",
        "Is the slowest animal a sloth?",
        "The best tool is a hammer.",
        "The worst flood is a disaster.",
        "The most food is a feast.",
        "The least water is a drop.",
        "Whales are the biggest mammals.",
        "The brightest star is Sirius.",
        "The happiest horse is a foal.",
        "A sloth is the laziest animal.",
        "The wettest month is a burden.",
        "The foremost expert is a scholar.",
        "The oldest horse is a mare.",
        "The eldest son is an heir.",
        "Most horses are mares.",
    ),
    "passive": (
        "A horse is lent a saddle.",
        "A child is read stories.",
        "A pupil is set homework.",
        "A prisoner is refused bail.",
        "A worker is paid wages.",
        "A winner is sent a medal.",
        "A guest is brought tea.",
        "A patient is prescribed pills.",
        "Horses are promised oats.",
        "A boy is named John.",
        "A girl is christened Mary.",
        "A ship is dubbed Victory.",
        "A child is taught music.",
        "A crow is thrown bread.",
        "A student is granted leave.",
        "A soldier is issued boots.",
        "Children are told tales.",
        "A pupil is asked questions.",
        "A boy is elected captain.",
        "A cat is nicknamed Kitty.",
    ),
    "determiner": (
        "Sundry horses are foals.",
        "Various trees are pines.",
        "Numerous birds are crows.",
        "Countless stars are suns.",
        "Particular horses are mares.",
        "Specific tools are hammers.",
        "Ample food is a feast.",
        "Abundant water is a flood.",
        "Adequate rest is a need.",
        "Plenty food is a feast.",
        "Multiple horses are a herd.",
        "Diverse birds are crows.",
        "Umpteen birds are crows.",
        "Myriad stars are suns.",
        "Such horses are foals.",
        "A given horse is a mare.",
        "Given horses are mares.",
        "Horses are particular animals.",
        "Enough food is a feast.",
        "Several horses are mares.",
    ),
    "anaphoric": (
        "The latter horse is a mare.",
        "The former tree is a pine.",
        "The next bird is a crow.",
        "The following tool is a hammer.",
        "The preceding horse is a foal.",
        "The last bird is a crow.",
        "The above tool is a saw.",
        "The same horse is a mare.",
        "The other bird is a crow.",
        "The subsequent horse is a mare.",
        "The prior tool is a saw.",
        "The aforementioned horse is a mare.",
        "The selfsame bird is a crow.",
        "The very horse is a mare.",
    ),
    "ordinal": (
        "The fourth horse is a mare.",
        "A fifth bird is a crow.",
        "Sixth trees are pines.",
        "The twentieth horse is a foal.",
        "A hundredth tool is a saw.",
        "The ninth planet is Pluto.",
        "The umpteenth horse is a mare.",
        "A twelfth bird is a crow.",
        "The penultimate horse is a foal.",
        "A dozenth tree is a pine.",
        "Threescore horses are a herd.",
        "A score of horses is a herd.",
        "A couple of birds is a pair.",
        "Quadruple horses are a team.",
        "Twofold horses are a pair.",
        "A trio of birds is a flock.",
        "Single horses are mares.",
        "Twin horses are foals.",
        "A fourth of horses are mares.",
        "The thousandth bird is a crow.",
        "The eleventh bird is a crow.",
        "The millionth horse is a mare.",
    ),
}

#: In-grammar sentences written with the eighth list, near its classes (nouns in -er and
#: -est that are no comparatives or superlatives, nouns that are ordinals or measures in
#: other senses, participles as adjectives, the nouns the list's sentences use): refusing
#: one is a false refusal.
HELDOUT8_CONTROLS = [
    "A farmer is a person.",
    "Farmers are people.",
    "Water is a liquid.",
    "A river is a stream.",
    "Rivers are streams.",
    "A tower is a building.",
    "Towers are buildings.",
    "A number is a symbol.",
    "A forest is a habitat.",
    "Forests are habitats.",
    "An interest is a concern.",
    "A harvest is a crop.",
    "A crest is a ridge.",
    "A vest is a garment.",
    "A quest is a search.",
    "A feather is a plume.",
    "A teacher is a person.",
    "Teachers are workers.",
    "A painter is an artist.",
    "A flower is a plant.",
    "Flowers are plants.",
    "A corner is a place.",
    "A silver coin is money.",
    "Copper is a metal.",
    "Paper is a material.",
    "Winter is a season.",
    "A shower is rain.",
    "A sister is a sibling.",
    "A monster is a creature.",
    "A pine is a tree.",
    "Pines are trees.",
    "A crow is a bird.",
    "Crows are birds.",
    "A mare is a horse.",
    "Mares are horses.",
    "A foal is a horse.",
    "A hammer is a tool.",
    "A saw is a tool.",
    "A giraffe is an animal.",
    "A sloth is an animal.",
    "A gale is a wind.",
    "A python is a snake.",
    "A jacket is a coat.",
    "A feast is a meal.",
    "A famine is a disaster.",
    "A herd is a group.",
    "A flock is a group.",
    "A pupil is a student.",
    "A medal is an award.",
    "Homework is work.",
    "A saddle is a seat.",
    "A second is a unit of time.",
    "A single is a record.",
    "A twin is a sibling.",
    "A trio is a group.",
    "A scholar is an expert.",
    "A married person is a person.",
    "A frozen lake is ice.",
    "Every mare is a horse.",
    "Does a horse require oats?",
]

#: A ninth held-out list, written before any rule of its round and measured once on the
#: reader as it stood then (``symbolic9`` at ``539d779``): whole sentences one step away from
#: the earlier lists' classes: adjectives that pick out members or point to them rather than
#: name a kind (``particular``, ``specific``, ``main``, ``sole``, ``mere``, ``own``,
#: ``lesser``), words of place in a series (``last``, ``final``, ``initial``), adjectives of
#: amount (``ample``, ``copious``), superlatives in ``-most``, verb forms before a noun in a
#: bare term in words no earlier list uses, and closed-class words in forms no earlier list
#: tries (``needn't``, ``en masse``, ``virtually all``). Each sentence's class is its key.
HELDOUT9_SENTENCES: dict[str, tuple[str, ...]] = {
    "reference": (
        "Particular goats are pets.",
        "A particular fox is a vixen.",
        "A fox is a particular animal.",
        "Is a particular goat a pet?",
        "A specific hen is a bird.",
        "Specific ducks are drakes.",
        "A hen is a specific bird.",
        "What is a specific hen?",
        "The main duck is a drake.",
        "Main roads are routes.",
        "A goose is the main bird.",
        "The principal goat is a billy.",
        "The chief fox is a vixen.",
        "Chief bees are queens.",
        "The sole hen is a layer.",
        "A mere fox is a pest.",
        "Mere goats are pets.",
        "Own goats are pets.",
        "Ducks are own birds.",
        "The lesser goat is a kid.",
        "A lesser fox is a cub.",
        "Lesser hens are pullets.",
        "The said goat is a billy.",
        "The usual hen is a layer.",
        "The present duck is a drake.",
        "The entire herd is a group.",
        "The exact goat is a billy.",
        "The remaining goat is a billy.",
        "Remaining hens are layers.",
        "Additional goats are pets.",
        "Extra hens are layers.",
        "The current goat is a billy.",
        "A goat requires a particular diet.",
        "A hen requires specific grain.",
    ),
    "series": (
        "The last goat is a billy.",
        "Last hens are layers.",
        "The final duck is a drake.",
        "A final fox is a vixen.",
        "The penultimate goat is a kid.",
        "The antepenultimate hen is a layer.",
        "The ultimate fox is a vixen.",
        "The initial goat is a billy.",
        "Initial hens are chicks.",
        "The latest duck is a drake.",
        "The earliest hen is a chick.",
        "Dawn precedes the final hour.",
    ),
    "amount": (
        "Ample hay is a store.",
        "Copious rain is a flood.",
        "Plentiful grain is a harvest.",
        "Abundant grass is a pasture.",
        "Scarce water is a drought.",
        "Meagre food is a ration.",
        "Adequate hay is a supply.",
        "Excess rain is a flood.",
        "Surplus grain is a store.",
        "Copious goats are a herd.",
        "Abundant bees are a swarm.",
        "A goat requires ample hay.",
    ),
    "superlative": (
        "The uppermost shelf is a ledge.",
        "The innermost room is a vault.",
        "The topmost branch is a twig.",
        "The southernmost town is a port.",
        "The utmost care is caution.",
        "The northernmost island is a rock.",
        "The outermost layer is a crust.",
        "The hindmost goat is a kid.",
        "The bottommost shelf is a ledge.",
        "The westernmost hill is a peak.",
    ),
    "verb_form": (
        "Howling wolves are dogs.",
        "Grunting goats are pets.",
        "Clucking hens are birds.",
        "Quacking ducks are birds.",
        "Buzzing bees are insects.",
        "What is roaming goat?",
        "Marching ants are insects.",
        "A fox requires hunting hen.",
        "Milked goats are nannies.",
        "Swatted bees are pests.",
        "What is chased hen?",
        "Caught foxes are pelts.",
        "Tethered goat is a kid.",
        "Stung goats are patients.",
    ),
    "closed_class": (
        "A goat needn't be a pet.",
        "A goat ain't a pet.",
        "A couple goats are pets.",
        "Tens of goats are a herd.",
        "Scads of ants are a colony.",
        "Yon goat is a billy.",
        "Somebody's goat is a pet.",
        "One's goat is a pet.",
        "Goats per se are pets.",
        "Goats en masse are a herd.",
        "Goats aplenty are a herd.",
        "Goats apiece are pets.",
        "Hens likewise are birds.",
        "Mostly hens are layers.",
        "Virtually all hens are layers.",
        "Nearly all goats are pets.",
        "Not all goats are pets.",
        "Not every hen is a layer.",
        "A goat is becoming a pet.",
        "A goat is to be a pet.",
        "Goats galore are a herd.",
        "A goat is a pet anyways.",
    ),
}

#: Nouns in -s that are no plurals of a singular and that ``NOT_PLURALS`` did not list when
#: the ninth list was written: each in a plural place, read right only when the term keeps
#: the word as written.
HELDOUT9_KEEP: dict[str, str] = {
    "shambles": "Shambles are messes.",
    "fisticuffs": "Fisticuffs are fights.",
    "sweepstakes": "Sweepstakes are lotteries.",
    "forceps": "Forceps are tools.",
    "pincers": "What are pincers?",
    "eaves": "Eaves are edges.",
    "environs": "Environs are areas.",
    "dues": "Dues are fees.",
    "innings": "Innings are turns.",
    "ballistics": "Ballistics are sciences.",
    "geopolitics": "What are geopolitics?",
    "histrionics": "Histrionics are displays.",
    "calisthenics": "Calisthenics are exercises.",
    "genomics": "Genomics are sciences.",
    "avionics": "Avionics are systems.",
    "dietetics": "Dietetics are studies.",
    "faeces": "Faeces are waste.",
    "clippers": "Clippers are tools.",
}

#: In-grammar sentences written with the ninth list: compound nouns (also those whose first
#: word is a comparative, an ordinal or a participle in another sense), adjectives with their
#: noun, participles the tables list as adjectives and some they do not, mass nouns,
#: pluralia tantum, and the nouns the list's reference and series words also are. Refusing
#: one is a false refusal.
HELDOUT9_CONTROLS = [
    "Number theory is a field.",
    "A first aid kit is a box.",
    "First aid is care.",
    "Work is paid labour.",
    "A bus stop is a place.",
    "A fire engine is a vehicle.",
    "A tree house is a building.",
    "A kitchen table is furniture.",
    "A coffee cup is a vessel.",
    "A credit card is a card.",
    "Sea salt is salt.",
    "A goat herd is a group.",
    "A hen house is a shed.",
    "A beehive is a nest.",
    "A duck pond is a pond.",
    "A red apple is a fruit.",
    "Fresh water is water.",
    "A tall tree is a plant.",
    "A wild goat is an animal.",
    "Hot tea is a drink.",
    "A young hen is a pullet.",
    "A male goat is a billy.",
    "A female fox is a vixen.",
    "Broken glass is a hazard.",
    "Frozen food is food.",
    "A retired soldier is a veteran.",
    "Dried fruit is a snack.",
    "A used book is a book.",
    "A flying fish is a fish.",
    "Running water is water.",
    "A sleeping bag is a bag.",
    "A washing machine is an appliance.",
    "A frying pan is a pan.",
    "A swimming pool is a pool.",
    "Living things are organisms.",
    "A stolen car is property.",
    "A written test is an exam.",
    "Rice is food.",
    "Sand is a material.",
    "Furniture is property.",
    "Information is knowledge.",
    "Luggage is baggage.",
    "Hay is fodder.",
    "Scissors are tools.",
    "Trousers are clothes.",
    "Pliers are tools.",
    "Jeans are trousers.",
    "Tongs are tools.",
    "Goods are products.",
    "Clothes are garments.",
    "A particular is an individual.",
    "A specific is a remedy.",
    "A water main is a pipe.",
    "A chief is a leader.",
    "A sole is a fish.",
    "A final is an exam.",
    "An initial is a letter.",
    "The present is a time.",
    "A current is a flow.",
    "An extra is an actor.",
    "A hen is particular.",
    "Every goat herd is a group.",
    "No fire engine is a car.",
    "All credit cards are cards.",
    "What is a bus stop?",
    "Is a frying pan a pan?",
    "Does a washing machine require water?",
    "Correction: a beehive is a nest.",
]

#: In-grammar sentences over a wider vocabulary than the controls (common and rare nouns,
#: adjectives, names, terms of several words), written with the third held-out list:
#: refusing one is a false refusal.
WIDE_CONTROLS = [
    "A kettle is a vessel.",
    "Kettles are vessels.",
    "A violin is an instrument.",
    "Violins are instruments.",
    "A lawyer is a professional.",
    "Lawyers are professionals.",
    "A glacier is a mass of ice.",
    "A pigeon is a bird.",
    "Pigeons are birds.",
    "A harbor is a shelter.",
    "A tomato is a fruit.",
    "Tomatoes are fruits.",
    "A bicycle is a vehicle.",
    "Bicycles do not require fuel.",
    "A quokka is a marsupial.",
    "Quokkas are marsupials.",
    "An axolotl is an amphibian.",
    "An okapi is a mammal.",
    "A tardigrade is an animal.",
    "A pangolin is not a reptile.",
    "An owl is nocturnal.",
    "Owls are nocturnal.",
    "A mushroom is edible.",
    "A whale is warm-blooded.",
    "Socrates is mortal.",
    "Socrates is a man.",
    "Actually Socrates is a philosopher.",
    "Paris is a city.",
    "What is Paris?",
    "Mount Everest is a mountain.",
    "Lake Tahoe is a lake.",
    "Is Socrates mortal?",
    "A cell is a living being.",
    "Baking bread requires flour.",
    "Swimming is exercise.",
    "An eagle is a bird of prey.",
    "A trained dog is a pet.",
    "A broken window is a hazard.",
    "Route 66 is a road.",
    "Dawn precedes morning.",
    "A verdict presupposes a trial.",
    "A fire requires oxygen.",
    "Regret presupposes a past act.",
    "Every whale is a mammal.",
    "No reptile is a mammal.",
    "All owls are birds.",
    "What are tomatoes?",
    "What is a quokka?",
    "Is a whale a fish?",
    "Are owls birds?",
    "Does a fire require oxygen?",
    "Correction: a bat is a mammal.",
    "No, a spider is not an insect.",
    "A sonnet is a poem.",
    "Poetry is an art.",
    "A democracy is a government.",
    "Justice requires fairness.",
    "Winter precedes spring.",
    "A surgeon is a doctor.",
    "Iron is a metal.",
]

#: Frames that put a word ``W`` inside what would be a term.
REFUSE_FRAMES = (
    "{W} {Xs} are {Ys}.",
    "{W} {X} is a {Y}.",
    "{Xs} {W} are {Ys}.",
    "A {X} is {W} a {Y}.",
    "A {X} is {W} {Y}.",
    "{Xs} are {W} {Ys}.",
    "A {X} is a {Y} {W}.",
    "{W} is a {X}.",
    "A {X} is {W}.",
    "Actually {W} {Xs} are {Ys}.",
    "No, a {X} is {W} a {Y}.",
    "What is {W} {X}?",
    "Is a {X} {W} a {Y}?",
    "A {X} requires {W} {Y}.",
    "A {X} {W} precedes a {Y}.",
)
#: Frames that put a noun ``N`` that is not a plural in a plural place.
KEEP_FRAMES = ("{N} are {Ys}.", "{Xs} are {N}.", "What are {N}?", "Actually {N} are {Ys}.")
#: In-grammar controls.
READ_FRAMES = (
    "{Xs} are {Ys}.",
    "A {X} is a {Y}.",
    "No {X} is a {Y}.",
    "Every {X} is a {Y}.",
    "All {Xs} are {Ys}.",
    "A {X} is not a {Y}.",
    "{Xs} are never {Ys}.",
    "A {X} does not require a {Y}.",
    "A {X} precedes a {Y}.",
    "Actually a {X} is a {Y}.",
    "What is a {X}?",
    "Is a {X} a {Y}?",
)


def _fill(frame: str, x: str, y: str, **extra: str) -> str:
    text = frame.format(X=x, Y=y, Xs=PLURAL[x], Ys=PLURAL[y], **extra)
    return text[0].upper() + text[1:]


def _collect(strategy: st.SearchStrategy[dict[str, Any]], count: int) -> list[dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}

    @given(strategy)
    @settings(
        max_examples=count * 4,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
        deadline=None,
    )
    def draw(item: dict[str, Any]) -> None:
        if len(found) < count:
            found.setdefault(item["sentence"], item)

    draw()
    return sorted(found.values(), key=lambda item: (item["split"], item["sentence"]))


def _items(split: str, words: list[str], classes: Mapping[str, str]) -> st.SearchStrategy[Any]:
    pairs = st.tuples(st.sampled_from(NOUNS), st.sampled_from(NOUNS)).filter(lambda p: p[0] != p[1])
    return st.builds(
        lambda w, frame, xy: {
            "split": split,
            "expect": "refuse",
            "word": w,
            "class": classes.get(w, "heldout"),
            "frame": frame,
            "sentence": _fill(frame, *xy, W=w),
        },
        st.sampled_from(words),
        st.sampled_from(REFUSE_FRAMES),
        pairs,
    )


def _listed(
    split: str, sentences: Sequence[str] | Mapping[str, Sequence[str]]
) -> list[dict[str, Any]]:
    """Items of a list written out in full: a list of controls (each must read) or a
    mapping of class to sentences (each must refuse)."""
    if isinstance(sentences, Mapping):
        return [
            {"split": split, "expect": "refuse", "word": "", "class": cls, "frame": "",
             "sentence": sentence}
            for cls, group in sentences.items()
            for sentence in group
        ]  # fmt: skip
    return [
        {"split": split, "expect": "read", "word": "", "class": "", "frame": "",
         "sentence": sentence}
        for sentence in sentences
    ]  # fmt: skip


def _kept(split: str, sentences: Mapping[str, str]) -> list[dict[str, Any]]:
    """Items of nouns that are no plurals, each in one sentence: read right only if kept."""
    return [
        {"split": split, "expect": "keep", "word": word, "class": "not_plural", "frame": "",
         "sentence": sentence}
        for word, sentence in sentences.items()
    ]  # fmt: skip


def generate() -> list[dict[str, Any]]:
    """The whole set: dev (the lexicon's words), held-out words, non-plurals, controls."""
    from pytest_core_verify.systems.symbolic._lexicon import CLOSED_CLASSES, NOT_PLURALS

    classes = {w: c for c, words in CLOSED_CLASSES.items() for w in sorted(words)}
    lexicon_words = sorted(classes)
    # Fixed lists: a word the lexicon later took in stays in its held-out split.
    heldout = sorted(set(HELDOUT_WORDS))
    heldout2 = sorted(set(HELDOUT2_WORDS) - set(HELDOUT_WORDS))
    heldout3 = sorted(set(HELDOUT3_WORDS) - set(HELDOUT_WORDS) - set(HELDOUT2_WORDS))
    heldout4 = sorted(
        set(HELDOUT4_WORDS) - set(HELDOUT_WORDS) - set(HELDOUT2_WORDS) - set(HELDOUT3_WORDS)
    )
    known = set(HELDOUT_WORDS) | set(HELDOUT2_WORDS) | set(HELDOUT3_WORDS) | set(HELDOUT4_WORDS)
    heldout5_classes = {w: c for c, words in HELDOUT5_WORDS.items() for w in words}
    heldout5 = sorted(set(heldout5_classes) - known)
    known |= set(heldout5_classes) | set(HELDOUT5_NOT_PLURALS)
    heldout6_classes = {w: c for c, words in HELDOUT6_WORDS.items() for w in words}
    heldout6 = sorted(set(heldout6_classes) - known)
    pairs = st.tuples(st.sampled_from(NOUNS), st.sampled_from(NOUNS)).filter(lambda p: p[0] != p[1])
    heldout5_keep = st.builds(
        lambda n, frame, xy: {
            "split": "heldout5",
            "expect": "keep",
            "word": n,
            "class": "not_plural",
            "frame": frame,
            "sentence": _fill(frame, *xy, N=n),
        },
        # The pool as it stood when the list was written (none of it was in the lexicon then):
        # fixed, so a word the lexicon later took in stays in the split.
        st.sampled_from(sorted(HELDOUT5_NOT_PLURALS)),
        st.sampled_from(KEEP_FRAMES),
        pairs,
    )
    keep = st.builds(
        lambda n, frame, xy: {
            "split": "keep",
            "expect": "keep",
            "word": n,
            "class": NOT_PLURALS[n],
            "frame": frame,
            "sentence": _fill(frame, *xy, N=n),
        },
        st.sampled_from(sorted(NOT_PLURALS)),
        st.sampled_from(KEEP_FRAMES),
        pairs,
    )
    control = st.builds(
        lambda frame, xy: {
            "split": "control",
            "expect": "read",
            "word": "",
            "class": "",
            "frame": frame,
            "sentence": _fill(frame, *xy),
        },
        st.sampled_from(READ_FRAMES),
        pairs,
    )
    return [
        *_collect(_items("dev", lexicon_words, classes), 300),
        *_collect(_items("heldout", heldout, classes), 150),
        *_collect(_items("heldout2", heldout2, classes), 150),
        *_collect(_items("heldout3", heldout3, classes), 150),
        *_collect(_items("heldout4", heldout4, classes), 150),
        # 120 closed-class sentences and 30 non-plurals: 150 in all.
        *_collect(_items("heldout5", heldout5, heldout5_classes), 120),
        *_collect(heldout5_keep, 30),
        *_collect(_items("heldout6", heldout6, heldout6_classes), 150),
        *_collect(keep, 100),
        *_collect(control, 60),
        *_listed("wide_control", WIDE_CONTROLS),
        *_listed("heldout4_control", HELDOUT4_CONTROLS),
        *_listed("heldout5_control", HELDOUT5_CONTROLS),
        *_listed("heldout7", HELDOUT7_SENTENCES),
        *_listed("heldout7_control", HELDOUT7_CONTROLS),
        *_listed("heldout8", HELDOUT8_SENTENCES),
        *_listed("heldout8_control", HELDOUT8_CONTROLS),
        *_listed("heldout6_control", HELDOUT6_CONTROLS),
        *_listed("heldout9", HELDOUT9_SENTENCES),
        *_kept("heldout9", HELDOUT9_KEEP),
        *_listed("heldout9_control", HELDOUT9_CONTROLS),
    ]


def _terms(parsed: Any) -> list[str]:
    if parsed.claim is not None:
        return [parsed.claim.subject, parsed.claim.object]
    if parsed.asked is not None:
        return [parsed.asked.subject, parsed.asked.object]
    return [parsed.topic] if parsed.topic is not None else []


def verdict(item: dict[str, Any]) -> str:
    """``ok``, ``misread``, ``false_refusal`` or ``refused`` (for a ``keep`` item)."""
    from pytest_core_verify.systems.symbolic import parse_utterance

    parsed = parse_utterance(item["sentence"])
    terms = _terms(parsed)
    if item["expect"] == "refuse":
        return "misread" if terms else "ok"
    if item["expect"] == "read":
        return "ok" if terms else "false_refusal"
    if not terms:
        return "refused"
    word = item["word"]
    return "ok" if any(word in term.split() for term in terms) else "misread"


def measure(items: list[dict[str, Any]]) -> dict[str, Counter[str]]:
    out: dict[str, Counter[str]] = {}
    for item in items:
        out.setdefault(item["split"], Counter())[verdict(item)] += 1
    return out


def main(argv: list[str]) -> None:
    if argv[:1] == ["generate"]:
        for item in generate():
            print(json.dumps(item, sort_keys=True))
        return
    if argv[:1] == ["measure"] and len(argv) == 2:
        with open(argv[1], encoding="utf-8") as handle:
            items = [json.loads(line) for line in handle]
        for split, counts in sorted(measure(items).items()):
            total = sum(counts.values())
            print(
                f"{split:>8} {total:>4}  "
                + "  ".join(f"{k} {v}" for k, v in sorted(counts.items()))
            )
        if "--misreadings" in sys.argv:
            for item in items:
                v = verdict(item)
                if v != "ok":
                    print(v, item["split"], item["class"], repr(item["sentence"]))
        return
    raise SystemExit("usage: adversarial.py generate | measure FILE [--misreadings]")


if __name__ == "__main__":
    main([a for a in sys.argv[1:] if a != "--misreadings"])
