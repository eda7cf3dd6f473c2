#pragma once

#include "HtmlDocument.h"
#include "MainContent.h"

#include <QJsonArray>
#include <QList>
#include <QString>
#include <QUrl>

namespace ades::web {

// One block of the main text: a paragraph, heading, list item, quote, code block or table.
struct TextBlock
{
    enum class Kind : quint8
    {
        Paragraph,
        Heading,
        ListItem,
        Code,
        Table,
    };
    Kind kind = Kind::Paragraph;
    QString plain;
    QString markdown; // the whole block in markdown (heading marks, list marks, quote marks included)
    bool prose = false; // a prose paragraph (MainContent), or a data table
    bool tight = false; // follows the previous block without an empty line (list items of one list)
};

// Writes the main element's subtree as blocks, leaving out what the text statistics mark as not content:
// excluded furniture, containers without prose that are mostly links, and link lists. Data tables (no nested
// table, short cells) become markdown tables; layout tables are read as ordinary blocks. Iterative: one loop
// over the subtree with an explicit stack of open elements.
class BlockWriter
{
public:
    BlockWriter(const HtmlDocument &document, const TextStats &stats, const QUrl &baseUrl);

    QList<TextBlock> write(int root);
    QJsonArray tables() const { return m_tables; }

private:
    void flush(int block);
    bool isDataTable(int table) const;
    void writeTable(int table);
    bool skipped(int element) const;

    const HtmlDocument &m_document;
    const TextStats &m_stats;
    QUrl m_baseUrl;
    QList<TextBlock> m_blocks;
    QJsonArray m_tables;
    QList<int> m_listNumbers; // per open list: the next number (0 for unordered lists)
    int m_quoteDepth = 0;
    int m_preDepth = 0;
    class InlineText *m_inline = nullptr;
};

} // namespace ades::web
