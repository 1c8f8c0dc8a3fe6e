pub struct OthelloCore;
