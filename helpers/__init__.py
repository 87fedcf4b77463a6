"""Framework helpers used by the reference tools, as in an Agent Zero checkout."""
