//! Running EPD test suites (to be built: issue 4).
