//! The UCI protocol loop (to be built: issue 4).
