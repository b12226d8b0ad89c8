"""Problems written here in the styles of other public corpora (multi-step money, "twice as
many", "half of", percents, comparisons), each with its worked gold.

A measurement set, written once before the rules it measures and never tuned on: the
verifier must commit no wrong answer on any of them (refusing is allowed), and its
coverage is reported, not asserted.
"""

from __future__ import annotations

#: (problem, gold): the gold is the answer the text determines.
PROBLEMS: tuple[tuple[str, float], ...] = (
    (
        "Lena has 14 stamps. Her brother has twice as many stamps as Lena. How many stamps does her brother have?",
        28,
    ),
    (
        "Omar had 40 dollars. He spent half of his money on a game. How many dollars does Omar have left?",
        20,
    ),
    (
        "A baker made 36 rolls in the morning and 24 rolls in the afternoon. He sold 50 rolls. How many rolls are left?",
        10,
    ),
    (
        "Priya buys 3 notebooks for 4 dollars each and a pen for 2 dollars. How much money does she spend?",
        14,
    ),
    (
        "Tariq has 25 marbles. Nia has 8 more marbles than Tariq. How many marbles do they have together?",
        58,
    ),
    (
        "A shirt costs 20 dollars. It is on sale for 25 percent off. What is the sale price of the shirt?",
        15,
    ),
    ("Kofi reads 12 pages every day. How many pages does he read in 5 days?", 60),
    (
        "There are 30 students in a class. One third of them walk to school. How many students walk to school?",
        10,
    ),
    (
        "Mara had 50 dollars. She bought 2 books for 9 dollars each. How much money does she have left?",
        32,
    ),
    (
        "A farmer has 18 cows and 3 times as many chickens as cows. How many chickens does the farmer have?",
        54,
    ),
    ("Ivan earns 15 dollars an hour. He works 8 hours. How much money does he earn?", 120),
    (
        "Sofia has 60 stickers. She gives 15 stickers to her sister and 10 stickers to her friend. How many stickers does Sofia have now?",
        35,
    ),
    ("A box holds 12 eggs. How many eggs are in 7 boxes?", 84),
    ("Ben has 45 cards. He gives away 1/5 of his cards. How many cards does Ben give away?", 9),
    (
        "Ruth saved 5 dollars each week for 12 weeks. She spent 22 dollars on shoes. How much money does she have left?",
        38,
    ),
    (
        "A garden has 8 rows of tomato plants with 6 plants in each row. How many tomato plants are in the garden?",
        48,
    ),
    ("Hugo is 12 years old. His father is 3 times as old as Hugo. How old is his father?", 36),
    (
        "Ada bought 4 packs of pencils. Each pack has 10 pencils. She gave 13 pencils to her classmates. How many pencils does Ada have now?",
        27,
    ),
    ("A school bus can carry 40 students. How many buses are needed for 200 students?", 5),
    (
        "Jon ran 3 miles on Monday and twice as far on Tuesday. How many miles did Jon run on Tuesday?",
        6,
    ),
    (
        "A pizza is cut into 8 slices. Kim eats 3 slices and Lou eats 2 slices. How many slices are left?",
        3,
    ),
    (
        "Zara has 80 dollars. She spends 20 percent of it on lunch. How much money does she spend on lunch?",
        16,
    ),
    ("There are 24 apples in a basket. Half of them are red. How many apples are red?", 12),
    (
        "Eli had 9 balloons. He bought 6 more balloons and then 4 balloons popped. How many balloons does Eli have now?",
        11,
    ),
    ("Tickets cost 7 dollars each. Mia buys 6 tickets. How much money does she pay?", 42),
    (
        "Noor picked 28 strawberries. Her cousin picked 9 fewer strawberries than Noor. How many strawberries did her cousin pick?",
        19,
    ),
    (
        "A library had 150 books. It received 45 new books and lent out 60 books. How many books are in the library now?",
        135,
    ),
    (
        "Paulo has 3 boxes of crayons with 16 crayons in each box. How many crayons does Paulo have?",
        48,
    ),
    ("A car travels 55 miles each hour. How far does it travel in 4 hours?", 220),
    (
        "Hana has 18 dollars. Her sister has half as much money as Hana. How many dollars does her sister have?",
        9,
    ),
    (
        "A teacher has 56 pencils to share equally among 8 students. How many pencils does each student get?",
        7,
    ),
    (
        "Leo bought a bike for 120 dollars and a helmet for 35 dollars. He paid with 200 dollars. How much change did he get?",
        45,
    ),
    (
        "Mina collected 35 shells on Saturday and 27 shells on Sunday. How many more shells did she collect on Saturday than on Sunday?",
        8,
    ),
    ("There are 5 cats. Each cat has 4 legs. How many legs do the cats have in all?", 20),
    (
        "A store sold 48 hats on Monday. On Tuesday it sold 3 times as many hats. How many hats did the store sell on Tuesday?",
        144,
    ),
    (
        "Rosa has 72 beads. She uses 3/4 of them to make a necklace. How many beads does she use?",
        54,
    ),
    (
        "Dev had 100 dollars. He spent 35 dollars on a jacket and 18 dollars on a cap. How much money does Dev have left?",
        47,
    ),
    (
        "Each bag has 6 oranges. Carla has 9 bags. She eats 5 oranges. How many oranges does Carla have left?",
        49,
    ),
    (
        "Theo has 12 fish. Ula has 4 times as many fish as Theo. How many fish do they have in all?",
        60,
    ),
    (
        "A movie lasts 150 minutes. Ari has watched 85 minutes. How many minutes of the movie are left?",
        65,
    ),
)
