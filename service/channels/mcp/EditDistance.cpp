#include "EditDistance.h"

#include <algorithm>
#include <vector>

namespace ades::mcp {

int EditDistance::between(QStringView a, QStringView b)
{
    const qsizetype n = a.size();
    const qsizetype m = b.size();
    // Three rolling rows: the transposition step looks two rows back.
    std::vector<int> before(size_t(m + 1)), previous(size_t(m + 1)), current(size_t(m + 1));
    for (qsizetype j = 0; j <= m; ++j)
        previous[size_t(j)] = int(j);
    for (qsizetype i = 1; i <= n; ++i) {
        current[0] = int(i);
        for (qsizetype j = 1; j <= m; ++j) {
            const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
            int best = std::min(
                { previous[size_t(j)] + 1, current[size_t(j - 1)] + 1, previous[size_t(j - 1)] + cost });
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                best = std::min(best, before[size_t(j - 2)] + 1);
            current[size_t(j)] = best;
        }
        std::swap(before, previous);
        std::swap(previous, current);
    }
    return previous[size_t(m)];
}

QString EditDistance::closest(const QString &name, const QStringList &candidates)
{
    const QString lower = name.toLower();
    QString best;
    int bestDistance = 3;
    bool tie = false;
    for (const QString &candidate : candidates) {
        const int distance = between(lower, candidate.toLower());
        if (distance > 2 || distance * 2 >= candidate.size())
            continue;
        if (distance < bestDistance) {
            best = candidate;
            bestDistance = distance;
            tie = false;
        } else if (distance == bestDistance) {
            tie = true;
        }
    }
    return tie ? QString() : best;
}

} // namespace ades::mcp
