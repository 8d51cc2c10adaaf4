"""Errors users of rlvr-kit can catch: one base class, then one class per kind of mistake."""


class RlvrError(Exception):
    """Base class of every error rlvr-kit raises on purpose."""


class UnknownIdError(RlvrError, ValueError, LookupError):
    """A reward or env id that is not registered (also a ValueError and a LookupError)."""


class RegistrationError(RlvrError, ValueError):
    """A registration that cannot be accepted: a duplicate id or a target with the wrong signature."""


class OptionError(RlvrError, ValueError):
    """An option a target does not take (an env kwarg, a reward parameter), or a value it rejects."""


class MissingColumnError(RlvrError, ValueError):
    """A dataset lacks a column that one of the chosen rewards reads."""


class SandboxError(RlvrError):
    """The code sandbox cannot start (a missing isolation layer) or a slot broke beyond restarting."""
