//! Helpers for the evcxr notebooks (to be built: issue 3).
