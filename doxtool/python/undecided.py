"""The branches of an ``if`` whose test is not about the arguments
(``if self.agent.config.verbose:``), which doxtool cannot decide.

Which calls take such a branch is not known, so a read there that raises
without a key (``self.args["level"]``) is needed on some calls only, and
the argument's requiredness is not known, as for a read in one branch of a
dispatch on an argument. A key every way through the ``if`` needs (read in
both branches) is needed all the same. A branch that ends the call (a
``return`` or ``raise`` on every path) beside one that goes on is a guard:
the other branch runs on every call that goes on, as the statements after
``if not self.agent: return Response(...)`` do, and is walked as the
straight path; the guard's own reads are needed on some calls only. Two
branches that both end the call, or both go on, are each walked as run on
some calls, and only the keys both need stay needed.

Both halves of the analysis apply this rule: the walk of a tool
(:mod:`~doxtool.python.toolwalk`, its helpers of the module too) and the
summaries of the helpers of other modules (:mod:`~doxtool.python.functionwalk`).
"""

from __future__ import annotations


def undecided_branches(body_ends: bool, orelse_ends: bool) -> tuple[bool, bool]:
    """Whether the body / the ``else`` of such an ``if`` runs on some calls
    only, from whether each ends the call (an absent ``else`` goes on)."""
    return body_ends or not orelse_ends, orelse_ends or not body_ends
