//! Self-play matches between stages, with an Elo estimate (to be built: issue 4).
