"""The pytest glue: registration, options and ini keys, session state, collection,
items, the sealed-data policy, pins, the controller, lane gates, baseline and history."""
