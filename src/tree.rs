//! Game trees of tic-tac-toe positions, drawn as SVG (to be built: issue 3).
