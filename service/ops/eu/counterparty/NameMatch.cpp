#include "NameMatch.h"

#include "ops/eu/sanctions/NameNormalizer.h"

#include <QSet>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

const NameNormalizer &normalizer()
{
    static const NameNormalizer instance;
    return instance;
}

// The words that identify: legal forms ("gmbh", "llc" after normalising) say what kind of company, not
// which one; an all-legal-form name keeps them so that it is not empty.
QSet<QString> significantTokens(const QString &name)
{
    const QStringList tokens = normalizer().tokens(name, NameNormalizer::NameKind::Organisation);
    QSet<QString> out;
    for (const QString &t : tokens) {
        if (!normalizer().isLegalForm(t))
            out.insert(t);
    }
    if (out.isEmpty())
        out = QSet<QString>(tokens.cbegin(), tokens.cend());
    return out;
}

} // namespace

NameMatch::Level NameMatch::compare(const QString &a, const QString &b)
{
    const QSet<QString> left = significantTokens(a);
    const QSet<QString> right = significantTokens(b);
    if (left.isEmpty() || right.isEmpty())
        return Level::Different;
    if (left == right)
        return Level::Same;
    if (left.contains(right) || right.contains(left))
        return Level::Similar;
    return Level::Different;
}

NameMatch::Level NameMatch::best(const QString &name, const QStringList &candidates)
{
    Level level = Level::Different;
    for (const QString &c : candidates)
        level = std::max(level, compare(name, c));
    return level;
}

QString NameMatch::key(const QString &name)
{
    return NameNormalizer::fold(name);
}

QString NameMatch::levelName(Level level)
{
    switch (level) {
    case Level::Same:
        return u"same"_s;
    case Level::Similar:
        return u"similar"_s;
    case Level::Different:
        break;
    }
    return u"different"_s;
}

} // namespace ades::eu
