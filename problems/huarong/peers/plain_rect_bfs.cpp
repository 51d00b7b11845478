// Reimplements the textbook Klotski (华容道) solver: a plain one-sided BFS whose visited key holds a shape code per cell, so same-shape blocks merge (as in chenshuo/recipes puzzle/huarong.cc); written here from the algorithm, not copied.
//
// A peer for problems/huarong/bench.py: rectangular blocks only, on boards of at most 21 cells with
// at most 7 block shapes (the classic 5x4 layouts). Same input and output as src/bin/huarong.rs
// (problems/huarong/statement.md), all three metrics. The key: 3 bits per cell, the shape code of
// the block whose top-left corner is there (0: none); a map from key to parent key rebuilds the path.
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>
using namespace std;

typedef uint64_t Key;
static int R, C, N;
static int H[8], W[8];  // the height and width of each shape code (1..7)
static int metric;      // 0 moves, 1 straight, 2 steps

static int code_at(Key k, int cell) { return (k >> (3 * cell)) & 7; }
static Key with(Key k, int cell, int code) {
    return (k & ~(Key(7) << (3 * cell))) | (Key(code) << (3 * cell));
}
static bool fits(int code, int anchor, const vector<int>& used) {
    int r = anchor / C, c = anchor % C;
    if (r + H[code] > R || c + W[code] > C) return false;
    for (int dr = 0; dr < H[code]; dr++)
        for (int dc = 0; dc < W[code]; dc++)
            if (used[(r + dr) * C + c + dc]) return false;
    return true;
}
static void cover(int code, int anchor, vector<int>& used, int v) {
    for (int dr = 0; dr < H[code]; dr++)
        for (int dc = 0; dc < W[code]; dc++) used[(anchor / C + dr) * C + anchor % C + dc] = v;
}

// Every key one move from k.
static void successors(Key k, vector<Key>& out) {
    out.clear();
    vector<int> used(N, 0);
    for (int a = 0; a < N; a++)
        if (code_at(k, a)) cover(code_at(k, a), a, used, 1);
    static const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};
    for (int a = 0; a < N; a++) {
        int s = code_at(k, a);
        if (!s) continue;
        cover(s, a, used, 0);
        Key without = with(k, a, 0);
        vector<char> reached(N, 0);
        vector<int> todo(1, a);
        reached[a] = 1;
        for (size_t i = 0; i < todo.size(); i++) {
            int at = todo[i];
            for (int d = 0; d < 4; d++) {
                int r = at / C + DR[d], c = at % C + DC[d];
                while (r >= 0 && r < R && c >= 0 && c < C) {
                    int to = r * C + c;
                    if (reached[to] || !fits(s, to, used)) break;
                    reached[to] = 1;
                    out.push_back(with(without, to, s));
                    if (metric == 0) todo.push_back(to);
                    if (metric != 1) break;
                    r += DR[d], c += DC[d];
                }
            }
        }
        cover(s, a, used, 1);
    }
}

int main() {
    ios::sync_with_stdio(false);
    cin >> R >> C;
    N = R * C;
    vector<string> grid(N);
    for (auto& g : grid) cin >> g;
    string target, word;
    int gr, gc;
    cin >> target >> gr >> gc;
    metric = 0;
    if (cin >> word) metric = word == "straight" ? 1 : word == "steps" ? 2 : 0;
    if (N > 21) { fprintf(stderr, "plain_rect_bfs: at most 21 cells\n"); return 2; }

    // Blocks by name, in order of first appearance: anchor and size.
    vector<string> names;
    map<string, int> index;
    vector<int> top, left, bottom, right;
    for (int cell = 0; cell < N; cell++) {
        if (grid[cell].find_first_not_of('.') == string::npos) continue;
        auto it = index.find(grid[cell]);
        int r = cell / C, c = cell % C;
        if (it == index.end()) {
            index[grid[cell]] = names.size();
            names.push_back(grid[cell]);
            top.push_back(r), left.push_back(c), bottom.push_back(r), right.push_back(c);
        } else {
            int b = it->second;
            top[b] = min(top[b], r), left[b] = min(left[b], c);
            bottom[b] = max(bottom[b], r), right[b] = max(right[b], c);
        }
    }
    // Shape codes: 1 for the target, then one per distinct size.
    vector<int> shape(names.size()), anchor(names.size());
    int shapes = 1;
    for (size_t b = 0; b < names.size(); b++) {
        int h = bottom[b] - top[b] + 1, w = right[b] - left[b] + 1;
        anchor[b] = top[b] * C + left[b];
        if (names[b] == target) { shape[b] = 1, H[1] = h, W[1] = w; continue; }
        int s = 2;
        while (s <= shapes && !(H[s] == h && W[s] == w)) s++;
        if (s > shapes) {
            if (s > 7) { fprintf(stderr, "plain_rect_bfs: at most 7 shapes\n"); return 2; }
            shapes = s, H[s] = h, W[s] = w;
        }
        shape[b] = s;
    }
    Key start = 0;
    for (size_t b = 0; b < names.size(); b++) start = with(start, anchor[b], shape[b]);
    int goal = gr * C + gc;

    unordered_map<Key, Key> parent;
    parent[start] = start;
    vector<Key> queue(1, start), next;
    Key found = 0;
    bool solved = code_at(start, goal) == 1;
    if (solved) found = start;
    for (size_t i = 0; i < queue.size() && !solved; i++) {
        successors(queue[i], next);
        for (Key q : next) {
            if (!parent.emplace(q, queue[i]).second) continue;
            if (code_at(q, goal) == 1) { found = q, solved = true; break; }
            queue.push_back(q);
        }
    }
    if (!solved) { puts("unsolvable"); return 0; }
    vector<Key> path(1, found);
    while (path.back() != start) path.push_back(parent[path.back()]);
    ostringstream out;
    out << path.size() - 1 << "\n";
    // Replay with the real blocks: the moved block's code left one anchor and appeared at another.
    for (size_t i = path.size() - 1; i > 0; i--) {
        Key a = path[i], b = path[i - 1];
        int from = -1, to = -1;
        for (int cell = 0; cell < N; cell++) {
            if (code_at(a, cell) && code_at(a, cell) != code_at(b, cell)) from = cell;
            if (code_at(b, cell) && code_at(a, cell) != code_at(b, cell)) to = cell;
        }
        size_t m = 0;
        while (!(anchor[m] == from && shape[m] == code_at(a, from))) m++;
        anchor[m] = to;
        out << names[m] << " (" << from / C << "," << from % C << ") (" << to / C << "," << to % C << ")\n";
    }
    fputs(out.str().c_str(), stdout);
}
