#include "PersonTitles.h"

#include "NameNormalizer.h"

#include <QByteArray>

using namespace Qt::StringLiterals;

namespace ades::eu {

int PersonTitles::addList(const QByteArray &text)
{
    int added = 0;
    Position position = Position::Anywhere;
    const QStringList lines = QString::fromUtf8(text).split(u'\n');
    for (const QString &raw : lines) {
        const QString line = raw.section(u'#', 0, 0).trimmed();
        if (line.isEmpty())
            continue;
        if (line == u"[before-name]")
            position = Position::BeforeName;
        else if (line == u"[anywhere]")
            position = Position::Anywhere;
        else if (add(line, position))
            ++added;
    }
    return added;
}

bool PersonTitles::add(const QString &title, Position position)
{
    const QString folded = NameNormalizer::fold(title);
    if (folded.isEmpty())
        return false;
    (position == Position::BeforeName ? m_beforeName : m_anywhere).insert(folded);
    m_maxWords = std::max<qsizetype>(m_maxWords, folded.count(u' ') + 1);
    return true;
}

qsizetype PersonTitles::phraseAt(const QStringList &words, qsizetype start, const QSet<QString> &titles) const
{
    QString phrase;
    qsizetype longest = 0;
    for (qsizetype n = 1; n <= m_maxWords && start + n <= words.size(); ++n) {
        if (n > 1)
            phrase.append(u' ');
        phrase.append(words.at(start + n - 1));
        if (titles.contains(phrase))
            longest = n;
    }
    return longest;
}

std::vector<bool> PersonTitles::titleWords(const QStringList &words) const
{
    std::vector<bool> title(size_t(words.size()), false);
    // Leading titles of either kind ("Dr", "Sheikh", "General", "Président").
    qsizetype i = 0;
    for (;;) {
        const qsizetype n = std::max(phraseAt(words, i, m_beforeName), phraseAt(words, i, m_anywhere));
        if (n == 0)
            break;
        for (qsizetype k = i; k < i + n; ++k)
            title[size_t(k)] = true;
        i += n;
    }
    while (i < words.size()) {
        const qsizetype n = phraseAt(words, i, m_anywhere);
        for (qsizetype k = i; k < i + n; ++k)
            title[size_t(k)] = true;
        i += std::max<qsizetype>(n, 1);
    }
    if (std::find(title.begin(), title.end(), false) == title.end())
        title.assign(title.size(), false);
    return title;
}

} // namespace ades::eu
