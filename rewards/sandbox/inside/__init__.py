"""What runs inside the jail: the worker, the zygote that forks jobs, what a job runs, its seccomp filter, its clock
and stat gate, the counters check, and the framing and codec both sides share.

Never imported inside the jail from here: `rewards.sandbox.slot` ships these modules' source (``WORKER_MODULES``)
as one ``python -c`` program under empty stand-in packages, so each uses the standard library and its siblings
only (`tests/test_layers.py`). The trusted side imports ``frames``, ``codec`` and a few constants from them.
"""
