"""The double run (pure: no pytest import): the environment variation, time limits,
one run, the wire protocol, the helper client, and the helper process itself (which
imports only ``wire``, ``variation`` and the pure core, as xdist's ``remote.py``)."""
