// Reimplements the standard published NOIP 2013 华容道 (Luogu P1979) solution: BFS precomputation + SPFA over (cell, direction) states; written here from the algorithm, not copied.
//
// A peer for problems/noip_huarong/bench.py: the approach most contest write-ups give, written as
// they write it, to measure src/bin/noip_huarong.rs against. Same input and output.
//
// State (x, y, k): the chosen piece on (x, y), the empty cell beside it on side k.
// Precomputed once a board: step[x][y][k][l], the moves the empty cell needs to go from side k of
// the piece to side l without passing through (x, y): one full BFS per (cell, side).
// Edge (x, y, k) -> (x + dx[l], y + dy[l], l ^ 1), cost step[x][y][k][l] + 1: the empty cell walks
// round to side l, then the piece slides into it.
// A query: if S = T, 0; else one BFS of the empty cell from E with S blocked seeds the four states
// of S, and SPFA (a queue-based Bellman-Ford) settles the rest; the answer is the least over T's sides.
#include <cstdio>
#include <cstring>

const int N = 32;             // 30 rows or columns, plus a fixed border all round
const int INF = 0x3f3f3f3f;
const int dx[4] = {-1, 1, 0, 0};  // up, down, left, right: side k ^ 1 is opposite side k
const int dy[4] = {0, 0, -1, 1};

int n, m, q;
int open_[N][N];              // 1: movable piece or the empty cell; 0: fixed, or off the board
int step[N][N][4][4];
int bfs_dist[N][N];
int qx[N * N], qy[N * N];
int dist[N][N][4];
bool queued[N][N][4];
int sx_[N * N * 4 + 1], sy_[N * N * 4 + 1], sk_[N * N * 4 + 1];

// Moves of the empty cell from (ex, ey) to every cell, never entering (bx, by), into bfs_dist.
void bfs(int ex, int ey, int bx, int by) {
    memset(bfs_dist, 0x3f, sizeof bfs_dist);
    int head = 0, tail = 0;
    bfs_dist[ex][ey] = 0;
    qx[tail] = ex, qy[tail] = ey, tail++;
    while (head < tail) {
        int x = qx[head], y = qy[head];
        head++;
        for (int d = 0; d < 4; d++) {
            int nx = x + dx[d], ny = y + dy[d];
            if (!open_[nx][ny] || (nx == bx && ny == by) || bfs_dist[nx][ny] != INF) continue;
            bfs_dist[nx][ny] = bfs_dist[x][y] + 1;
            qx[tail] = nx, qy[tail] = ny, tail++;
        }
    }
}

void precompute() {
    memset(step, 0x3f, sizeof step);
    for (int x = 1; x <= n; x++)
        for (int y = 1; y <= m; y++) {
            if (!open_[x][y]) continue;
            for (int k = 0; k < 4; k++) {
                int kx = x + dx[k], ky = y + dy[k];
                if (!open_[kx][ky]) continue;
                bfs(kx, ky, x, y);
                for (int l = 0; l < 4; l++) {
                    int lx = x + dx[l], ly = y + dy[l];
                    if (open_[lx][ly]) step[x][y][k][l] = bfs_dist[lx][ly];
                }
            }
        }
}

int solve(int ex, int ey, int sx, int sy, int tx, int ty) {
    if (sx == tx && sy == ty) return 0;
    memset(dist, 0x3f, sizeof dist);
    memset(queued, 0, sizeof queued);
    const int size = N * N * 4 + 1;  // a circular queue: each state is in it at most once
    int head = 0, tail = 0;
    bfs(ex, ey, sx, sy);
    for (int k = 0; k < 4; k++) {
        int kx = sx + dx[k], ky = sy + dy[k];
        if (!open_[kx][ky] || bfs_dist[kx][ky] == INF) continue;
        dist[sx][sy][k] = bfs_dist[kx][ky];
        queued[sx][sy][k] = true;
        sx_[tail] = sx, sy_[tail] = sy, sk_[tail] = k, tail = (tail + 1) % size;
    }
    while (head != tail) {
        int x = sx_[head], y = sy_[head], k = sk_[head];
        head = (head + 1) % size;
        queued[x][y][k] = false;
        for (int l = 0; l < 4; l++) {
            int w = step[x][y][k][l];
            if (w == INF) continue;
            int nx = x + dx[l], ny = y + dy[l], nk = l ^ 1;
            int nd = dist[x][y][k] + w + 1;
            if (nd < dist[nx][ny][nk]) {
                dist[nx][ny][nk] = nd;
                if (!queued[nx][ny][nk]) {
                    queued[nx][ny][nk] = true;
                    sx_[tail] = nx, sy_[tail] = ny, sk_[tail] = nk, tail = (tail + 1) % size;
                }
            }
        }
    }
    int best = INF;
    for (int k = 0; k < 4; k++)
        if (dist[tx][ty][k] < best) best = dist[tx][ty][k];
    return best == INF ? -1 : best;
}

int main() {
    if (scanf("%d %d %d", &n, &m, &q) != 3) return 1;
    for (int x = 1; x <= n; x++)
        for (int y = 1; y <= m; y++)
            if (scanf("%d", &open_[x][y]) != 1) return 1;
    precompute();
    for (int i = 0; i < q; i++) {
        int ex, ey, sx, sy, tx, ty;
        if (scanf("%d %d %d %d %d %d", &ex, &ey, &sx, &sy, &tx, &ty) != 6) return 1;
        printf("%d\n", solve(ex, ey, sx, sy, tx, ty));
    }
    return 0;
}
