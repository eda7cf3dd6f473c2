#pragma once

#include <QSet>
#include <QString>
#include <QStringList>
#include <vector>

class QByteArray;

namespace ades::eu {

// Titles, honorifics, ranks and offices that stand beside a person's name (resources/sanctions/
// person_titles.txt, rigour's PERSON_NAME_PREFIXES): "Președintele Putin", "Putyin elnök" and "Putin" name
// the same person. Titles are kept folded (NameNormalizer::fold), so they are compared with folded names.
// Immutable once loaded; shared by every screening thread.
class PersonTitles
{
public:
    enum class Position
    {
        BeforeName, // dropped only while it leads the name: it doubles as a name elsewhere (Sheikh, Haji)
        Anywhere, // dropped wherever it stands (Hungarian and Korean put the title after the name)
    };

    // Adds the titles of a text in person_titles.txt's format ([before-name] and [anywhere] sections).
    // Returns the number added.
    int addList(const QByteArray &text);
    // Adds one title (any spelling; folded here). False when it folds to nothing.
    bool add(const QString &title, Position position);

    // Which words of a folded name are titles to drop; a name that is nothing but titles keeps them all.
    std::vector<bool> titleWords(const QStringList &words) const;

private:
    // The longest title phrase starting at `start` (0 if none).
    qsizetype phraseAt(const QStringList &words, qsizetype start, const QSet<QString> &titles) const;

    QSet<QString> m_beforeName;
    QSet<QString> m_anywhere;
    qsizetype m_maxWords = 1;
};

} // namespace ades::eu
