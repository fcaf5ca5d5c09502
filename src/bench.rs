//! The fixed-depth `bench` signature (to be built: issue 4).
