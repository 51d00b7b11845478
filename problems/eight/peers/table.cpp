// The HDU 1043 table method: one reverse BFS from the goal over all 9!/2 boards, indexed by Cantor rank,
// storing each board's move toward the goal; every case is then answered by following those moves.
// Input: boards of nine cells 1-8 and x until EOF, whitespace anywhere; output: a shortest udlr string for
// the blank, or "unsolvable". A bench peer for src/bin/eight.rs.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

static const int FACT[9] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};
static const int DR[4] = {-3, 3, -1, 1};
static const char LETTER[4] = {'u', 'd', 'l', 'r'};
static signed char toward[362880];  // the move of the blank that leads one step closer to the goal; -1 unseen

static int cantor(const unsigned char* b) {
    int r = 0;
    for (int i = 0; i < 9; i++) {
        int smaller = 0;
        for (int j = i + 1; j < 9; j++) smaller += b[j] < b[i];
        r += smaller * FACT[8 - i];
    }
    return r;
}

static bool can_move(int at, int m) {
    switch (m) {
    case 0: return at >= 3;
    case 1: return at < 6;
    case 2: return at % 3 > 0;
    default: return at % 3 < 2;
    }
}

struct Node { unsigned char b[9]; unsigned char at; };

static void bfs_from_goal() {
    memset(toward, -1, sizeof toward);
    std::vector<Node> queue;
    queue.reserve(181440);
    Node goal = {{1, 2, 3, 4, 5, 6, 7, 8, 0}, 8};
    toward[cantor(goal.b)] = 4;  // the goal itself
    queue.push_back(goal);
    for (size_t head = 0; head < queue.size(); head++) {
        Node n = queue[head];
        for (int m = 0; m < 4; m++) {
            if (!can_move(n.at, m)) continue;
            Node next = n;
            int to = n.at + DR[m];
            next.b[n.at] = n.b[to], next.b[to] = 0, next.at = to;
            int r = cantor(next.b);
            if (toward[r] != -1) continue;
            toward[r] = m ^ 1;  // searching backwards: the opposite move leads back toward the goal
            queue.push_back(next);
        }
    }
}

int main() {
    bfs_from_goal();
    std::string out;
    int c, n = 0;
    unsigned char b[9];
    while ((c = getchar()) != EOF) {
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
        b[n++] = c == 'x' ? 0 : c - '0';
        if (n < 9) continue;
        n = 0;
        int r = cantor(b);
        if (toward[r] == -1) { out += "unsolvable\n"; continue; }
        int at = 0;
        while (b[at]) at++;
        while (toward[r] != 4) {
            int m = toward[r], to = at + DR[m];
            out += LETTER[m];
            b[at] = b[to], b[to] = 0, at = to;
            r = cantor(b);
        }
        out += '\n';
    }
    fwrite(out.data(), 1, out.size(), stdout);
}
