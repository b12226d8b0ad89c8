"""The order of the reader's rules: one list of names for sentences, one for questions.

The first rule whose pattern matches a whole clause reads it, so a rule earlier in the list
shadows every later rule that matches the same clause. A new rule is placed here by name;
which rule shadows which over the lane's corpora is pinned in
``tests/systems/verifier/__snapshots__/test_verifier_rule_shadowing``, so a change of order
that changes a reading is a reviewed diff.

Part of the reader (``_parse.parse_problem`` is its entry point); no pytest import.
"""

from __future__ import annotations

# fmt: off
SENTENCE_ORDER: tuple[str, ...] = (
    "joint", "container_in_each", "there_in_each", "container_coord_each",
    "container_coord", "have_of", "container",
    "rate_pair", "rate_two_contents", "takes_to_make", "measure_is", "one_holder_has",
    "rate_each",
    "rate_each_past",
    "rate_a_on_it", "rate_comes_in",
    "rate_there", "rate_cost_each", "rate_for_days", "motion_in_time", "took_time_at",
    "took_time", "distance_between", "motion_tally", "pair_combined", "pair_doing",
    "pair_buying", "for_every", "discovered_part", "invited", "containers_held_each",
    "has_to_buy", "went_times", "each_time", "organize_with_each", "holds_on_each",
    "split_into_groups_of", "organize_making_sure", "task", "task_to", "need",
    "have_but_need", "done_but_needed", "used_on_each", "task_more", "task_bare",
    "task_done", "time_each", "time_it_takes", "rate_owner", "activity", "activity_at_time",
    "buy_each",
    "buy_total", "buy_one_priced", "buy_one", "pays_bill", "pays_money", "cost_someone",
    "frac_give_to", "frac_give",
    "frac_own", "frac_own_on", "give_each", "give_all", "give_unnamed", "give_to", "give",
    "share_with", "take_of_owner", "receive_from", "each_have", "scene_and_have",
    "take_pictures", "have_part", "attend", "motion", "have_two", "there_two_places",
    "divided_among", "there_two_loc_first", "there_two", "change_more_than_at",
    "change_times_as_many_at", "rel_add", "rel_add_unit_first",
    "have_and_times_as_many",
    "rel_add_elliptic",
    "rel_age_add", "rel_mul", "rel_mul_money", "rel_mul_elliptic", "rel_age_mul", "rel_age_of",
    "age",
    "part_count", "part_frac", "subset", "total", "have_unknown", "have_now_nounless", "give_some",
    "give_some_to", "gain_some", "lose_some_of", "have_now", "served", "place_have_two",
    "place_have", "have", "there_at_start", "there_doing_in", "have_nounless",
    "all_but", "selling_for_each", "there", "sitting_in", "place_not_picked",
    "share_rest_passive", "place_gain", "place_lose", "workers_plant", "workers_cut",
    "pack", "pack_putting", "world_share", "share", "pests_ate", "take_away",
    "lose_passive", "place_added", "take_from", "put_into", "gain", "lose_away", "lose",
    "indefinite_gain", "indefinite_lose", "task_done_plain",
    "indefinite_rate",
    "price_of_measure", "paid_for_count", "buy_each_that_cost",
)

QUESTION_ORDER: tuple[str, ...] = (
    "total_of_two", "total_of_three", "total_of_they", "total_tally_of_two",
    "total_number_of_two", "total_tally_of_they", "difference_than", "difference_fewer_than",
    "total_passive",
    "initial_at_first",
    "initial_start_with", "goal", "initial_money", "total_money", "state_have",
    "state_left_with", "state_have_nounless", "total_they_nounless", "state_attend",
    "task_left_how_long", "task_left_have_to", "task_left_still_need", "need_left_more",
    "need_left_money", "task_left_not_done", "rate_times_at_end_of",
    "rate_times_how_long", "duration", "distance_went", "distance_between",
    "rate_times_how_far", "last", "speed", "containers_needed", "containers_they_need",
    "packed", "containers_use", "containers_to_hold", "containers_created", "state_verb",
    "state_lost_some",
    "difference_other", "difference_comparative", "difference_kinds_there",
    "difference_kinds_than_there",
    "difference_farther", "difference_measure", "money_have",
    "afford", "money_left", "state_stuff", "rate_times_pay_for", "rate_times_earn_in",
    "state_in_own_place",
    "money_earned", "spend", "spend_total_cost", "spend_for_counted",
    "total_amount_for_counted", "change", "unit_price", "rate_times_cost",
    "rate_times_weigh",
    "rate_times_to_make",
    "rate_times_in",
    "rate_times_hold", "rate_times_verb_in", "per_each_get", "per_each_nounless",
    "per_each_in_each", "age", "subset_not", "subset", "state_in_place", "world_at_end",
    "world_there", "world_left", "world_nounless",
)
# fmt: on
