// IDA* (Korf 1985, "Depth-first iterative-deepening") with the Manhattan-distance heuristic, one search per board.
// Input: boards of nine cells 1-8 and x until EOF, whitespace anywhere; output: a shortest udlr string for
// the blank, or "unsolvable" (odd inversion parity). A bench peer for src/bin/eight.rs.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

static int cell[9];                 // tile values 1-8, the blank 0
static int dist_[9][9];             // dist_[v][i]: Manhattan distance of tile v at cell i from its goal cell
static const int DR[4] = {-3, 3, -1, 1};
static const char LETTER[4] = {'u', 'd', 'l', 'r'};
static char path[64];
static int bound_next, found_len;

static bool can_move(int at, int m) {
    switch (m) {
    case 0: return at >= 3;
    case 1: return at < 6;
    case 2: return at % 3 > 0;
    default: return at % 3 < 2;
    }
}

// Depth-first search below threshold `bound`; h is the current Manhattan sum.
static bool dfs(int at, int g, int h, int bound, int came) {
    int f = g + h;
    if (f > bound) {
        if (f < bound_next) bound_next = f;
        return false;
    }
    if (h == 0) { found_len = g; return true; }
    for (int m = 0; m < 4; m++) {
        if (came >= 0 && m == (came ^ 1)) continue;   // never undo the last move
        if (!can_move(at, m)) continue;
        int to = at + DR[m], v = cell[to];
        int h2 = h - dist_[v][to] + dist_[v][at];    // tile v slides from `to` into `at`
        cell[at] = v, cell[to] = 0;
        path[g] = LETTER[m];
        bool found = dfs(to, g + 1, h2, bound, m);
        cell[to] = v, cell[at] = 0;
        if (found) return true;
    }
    return false;
}

int main() {
    for (int v = 1; v <= 8; v++)
        for (int i = 0; i < 9; i++) dist_[v][i] = abs(i / 3 - (v - 1) / 3) + abs(i % 3 - (v - 1) % 3);
    std::string out;
    int c, n = 0;
    int board[9];
    while ((c = getchar()) != EOF) {
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
        board[n++] = c == 'x' ? 0 : c - '0';
        if (n < 9) continue;
        n = 0;
        int inversions = 0, at = 0, h = 0;
        for (int i = 0; i < 9; i++) {
            cell[i] = board[i];
            if (board[i] == 0) { at = i; continue; }
            h += dist_[board[i]][i];
            for (int j = i + 1; j < 9; j++) inversions += board[j] != 0 && board[j] < board[i];
        }
        if (inversions % 2) { out += "unsolvable\n"; continue; }
        for (int bound = h;; bound = bound_next) {
            bound_next = 1 << 30;
            if (dfs(at, 0, h, bound, -1)) { out.append(path, found_len); break; }
        }
        out += '\n';
    }
    fwrite(out.data(), 1, out.size(), stdout);
}
