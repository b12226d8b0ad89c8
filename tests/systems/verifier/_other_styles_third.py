"""A third set of problems written here in the styles of other public corpora.

SVAMP-style one- and two-step problems (a distractor, "some were eaten, now there are n,
how many were eaten", "how many more x than y"); ASDiv-style problems ("each ... how many
in all", groups of equal size, money with change, unit rates); GSM8K-style problems of two
or three steps (rates and totals, money). Each gold was worked by hand. The split was
fixed before anything was measured: a problem whose index is 2 modulo 3 is held out
(``HELD_OUT``) and its failures are never read while writing rules; the rest (``DEV``) may
be read. The verifier must commit no wrong answer on any of them (refusing is allowed);
coverage of each part is reported, not asserted.
"""

from __future__ import annotations

#: (problem, gold): the gold is the answer the text determines.
PROBLEMS: tuple[tuple[str, float], ...] = (
    # SVAMP: a change with a distractor, the unknown start or change.
    (
        "Lisa had 24 stickers. She gave 9 stickers to her brother. How many stickers does Lisa have now?",
        15,
    ),
    (
        "There were 17 ducks in a pond. Some ducks flew away and now there are 8 ducks in the pond. How many ducks flew away?",
        9,
    ),
    (
        "Ben had some toy cars. He bought 6 more toy cars and now he has 20 toy cars. How many toy cars did Ben have at first?",
        14,
    ),
    (
        "A farmer had 35 chickens and 12 cows. He sold 14 chickens. How many chickens does the farmer have left?",
        21,
    ),
    (
        "Sara had 42 cookies. Some cookies were eaten and now she has 27 cookies. How many cookies were eaten?",
        15,
    ),
    (
        "Tim has 13 red balloons and 8 blue balloons. How many more red balloons than blue balloons does Tim have?",
        5,
    ),
    (
        "Jenny read 18 pages on Monday and 25 pages on Tuesday. How many more pages did she read on Tuesday than on Monday?",
        7,
    ),
    ("There are 29 students in a class. 13 of them are boys. How many girls are in the class?", 16),
    ("Mike had 50 dollars. He spent 23 dollars on a game. How much money does Mike have left?", 27),
    (
        "Paul had 16 pencils. His friend gave him 11 more pencils. How many pencils does Paul have now?",
        27,
    ),
    ("A store had 64 shirts. They sold 38 shirts. How many shirts are left in the store?", 26),
    (
        "Emma picked 23 flowers and her sister picked 19 flowers. How many flowers did they pick in all?",
        42,
    ),
    (
        "There were 45 people on a bus. At the first stop 12 people got off. How many people are on the bus now?",
        33,
    ),
    (
        "Dan had 9 marbles. He found 7 more marbles and lost 3 marbles. How many marbles does Dan have now?",
        13,
    ),
    (
        "Amy had 30 candies. She ate 4 candies and gave 10 candies to her friends. How many candies does Amy have left?",
        16,
    ),
    ("Kate has 12 books. Her brother has 7 books. How many books do they have altogether?", 19),
    (
        "A baker baked 56 muffins. He sold some muffins and has 19 muffins left. How many muffins did he sell?",
        37,
    ),
    ("Nick had 8 more stamps than Joe. Joe had 15 stamps. How many stamps did Nick have?", 23),
    ("Rosa has 21 shells. She has 6 fewer shells than Maria. How many shells does Maria have?", 27),
    (
        "There are 14 apples and 22 oranges in a basket. How many more oranges than apples are in the basket?",
        8,
    ),
    (
        "Jake had 37 baseball cards. He gave some cards to Sam and now he has 21 cards. How many cards did he give to Sam?",
        16,
    ),
    (
        "A library had 120 books. It bought 35 new books and gave away 20 old books. How many books does the library have now?",
        135,
    ),
    (
        "Olivia had 11 dolls. She got 5 dolls for her birthday and 3 dolls from her aunt. How many dolls does she have now?",
        19,
    ),
    (
        "There were 60 birds on a fence. 25 birds flew away and then 10 more birds came. How many birds are on the fence now?",
        45,
    ),
    ("Sam baked 48 cookies. His family ate 17 cookies. How many cookies are left?", 31),
    (
        "Ella has 5 dogs and 3 cats. Each dog eats 2 cans of food a day. How many cans of food do the dogs eat in a day?",
        10,
    ),
    (
        "Henry had 75 dollars. He bought a shirt for 28 dollars. How much money did he have left?",
        47,
    ),
    # ASDiv: each ... how many in all, groups, rates, money with change.
    ("There are 6 boxes. Each box has 8 crayons. How many crayons are there in all?", 48),
    (
        "A teacher has 36 pencils. She wants to give them equally to 9 students. How many pencils will each student get?",
        4,
    ),
    ("Each bag holds 5 oranges. How many bags are needed for 40 oranges?", 8),
    ("A pencil costs 3 dollars. How much do 7 pencils cost?", 21),
    ("Tom bought 4 notebooks. Each notebook cost 2 dollars. How much did Tom spend?", 8),
    (
        "Lucy paid for a toy that cost 13 dollars with a 20 dollar bill. How much change did she get?",
        7,
    ),
    ("There are 7 rows of chairs with 9 chairs in each row. How many chairs are there?", 63),
    ("A car travels 60 miles in one hour. How far does it travel in 4 hours?", 240),
    ("Max reads 12 pages every day. How many pages does he read in 5 days?", 60),
    (
        "A box of 24 chocolates is shared equally among 6 children. How many chocolates does each child get?",
        4,
    ),
    ("Each student needs 3 notebooks. There are 15 students. How many notebooks are needed?", 45),
    ("There are 48 eggs. They are put into cartons of 12. How many cartons are filled?", 4),
    (
        "Anna has 4 bags of marbles. There are 10 marbles in each bag. How many marbles does Anna have?",
        40,
    ),
    ("A ticket to the zoo costs 6 dollars. How much do 5 tickets cost?", 30),
    ("Each basket has 9 apples. There are 3 baskets. How many apples are there in total?", 27),
    ("A farmer puts 72 carrots into bags of 8. How many bags does he fill?", 9),
    ("Mia earns 9 dollars an hour. She worked 6 hours. How much money did she earn?", 54),
    ("A school bus holds 40 students. How many students can 3 buses hold?", 120),
    ("Jack has 3 times as many toys as Lily. Lily has 7 toys. How many toys does Jack have?", 21),
    (
        "A garden has 5 rows of tomato plants. There are 6 plants in each row. How many tomato plants are in the garden?",
        30,
    ),
    (
        "Sue bought 3 pens for 2 dollars each and a notebook for 4 dollars. How much did she spend in all?",
        10,
    ),
    ("Each pack has 6 juice boxes. Rita bought 5 packs. How many juice boxes did Rita buy?", 30),
    (
        "There are 32 students. They are split into 4 equal teams. How many students are on each team?",
        8,
    ),
    ("A spider has 8 legs. How many legs do 6 spiders have?", 48),
    (
        "Ian had 25 dollars. He bought 3 books for 5 dollars each. How much money does he have left?",
        10,
    ),
    ("A shelf holds 15 books. How many books do 4 shelves hold?", 60),
    (
        "Carl gave the cashier 50 dollars for a jacket that cost 36 dollars. How much change did he receive?",
        14,
    ),
    # GSM8K: two or three steps.
    (
        "Tina makes 10 dollars an hour. She works 8 hours a day for 5 days. How much money does she make?",
        400,
    ),
    ("A bakery sells 20 loaves of bread a day. How many loaves does it sell in 2 weeks?", 280),
    (
        "John has 3 boxes of pens with 12 pens in each box. He gives away 10 pens. How many pens does he have left?",
        26,
    ),
    (
        "Maria buys 4 shirts at 15 dollars each and 2 hats at 8 dollars each. How much does she spend?",
        76,
    ),
    ("A class has 30 students. Half of them are girls. How many boys are in the class?", 15),
    ("Peter runs 3 miles every day. How many miles does he run in a week?", 21),
    (
        "Each of 5 friends brought 4 sandwiches to a picnic. They ate 12 sandwiches. How many sandwiches were left?",
        8,
    ),
    (
        "A pizza is cut into 8 slices. Tom ate 3 slices and his sister ate 2 slices. How many slices are left?",
        3,
    ),
    ("Alice saves 5 dollars each week. How many weeks will it take her to save 60 dollars?", 12),
    (
        "A farmer has 12 cows. Each cow gives 4 gallons of milk a day. How many gallons of milk do the cows give in a day?",
        48,
    ),
    (
        "Bill had 100 dollars. He spent 30 dollars on food and 25 dollars on a movie. How much money does he have left?",
        45,
    ),
    ("There are 4 classes with 25 students each. How many students are there in all?", 100),
    (
        "A store sold 45 apples in the morning and twice as many in the afternoon. How many apples did it sell in the afternoon?",
        90,
    ),
    ("Lena bought 2 kilograms of apples at 3 dollars per kilogram. How much did she pay?", 6),
    (
        "Greg has 18 dollars. His mother gives him 12 dollars. He buys a game for 25 dollars. How much money does he have left?",
        5,
    ),
    ("A truck carries 250 boxes in each trip. How many boxes does it carry in 4 trips?", 1000),
    ("Nina has 48 beads. She uses 6 beads for each bracelet. How many bracelets can she make?", 8),
    ("Jim drove 45 miles an hour for 3 hours. How many miles did he drive?", 135),
    (
        "Each week Kim walks 4 miles on Monday and 6 miles on Friday. How many miles does she walk in 3 weeks?",
        30,
    ),
    ("A box holds 6 cupcakes. Beth baked 30 cupcakes. How many boxes does she need?", 5),
    (
        "Ray had 64 dollars. He gave half of his money to his brother. How much money does Ray have now?",
        32,
    ),
    (
        "There were 80 oranges in a crate. 15 oranges were rotten and 20 oranges were sold. How many oranges are left in the crate?",
        45,
    ),
    ("A factory makes 150 toys a day. How many toys does it make in 6 days?", 900),
    ("Ken has 7 fish. Ann has 4 more fish than Ken. How many fish do they have together?", 18),
    (
        "Zoe bought 5 packs of stickers. Each pack has 12 stickers. She gave 20 stickers to her friend. How many stickers does Zoe have now?",
        40,
    ),
    (
        "A movie ticket costs 8 dollars and popcorn costs 4 dollars. How much do 2 tickets and 1 popcorn cost?",
        20,
    ),
)

#: The split, fixed before measuring: index 2 modulo 3 is held out.
DEV: tuple[tuple[str, float], ...] = tuple(p for i, p in enumerate(PROBLEMS) if i % 3 != 2)
HELD_OUT: tuple[tuple[str, float], ...] = tuple(p for i, p in enumerate(PROBLEMS) if i % 3 == 2)
