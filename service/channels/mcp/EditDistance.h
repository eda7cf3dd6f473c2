#pragma once

#include <QString>
#include <QStringList>
#include <QStringView>

namespace ades::mcp {

// Near-miss argument names for `did_you_mean` (docs/interface.md §7). Optimal string alignment distance:
// insertions, deletions, substitutions and adjacent transpositions cost 1, so "ibna" is one step from "iban".
class EditDistance
{
public:
    static int between(QStringView a, QStringView b);
    // The candidate nearest to `name` (case-insensitive) if it is close enough to be a typo: at most 2
    // edits and fewer than half the candidate's length; empty when none is, or when two tie.
    static QString closest(const QString &name, const QStringList &candidates);
};

} // namespace ades::mcp
