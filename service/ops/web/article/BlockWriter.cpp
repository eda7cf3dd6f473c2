#include "BlockWriter.h"

#include "BoilerplateRules.h"
#include "InlineText.h"

#include <QStringList>
#include <vector>

using namespace Qt::StringLiterals;

namespace ades::web {

namespace {

// A cell longer than this is a layout cell holding text, not a data cell.
constexpr int MaxDataCellLength = 300;
// A subtree without prose whose text is more than this share link text is a menu or a list of links.
constexpr double LinkListShare = 0.5;
// A paragraph is left out only when it is almost all link text.
constexpr double LinkParagraphShare = 0.8;

QString markdownCell(QString cell)
{
    cell.replace(u'\n', u' ');
    return cell.isEmpty() ? u" "_s : cell;
}

} // namespace

BlockWriter::BlockWriter(const HtmlDocument &document, const TextStats &stats, const QUrl &baseUrl)
    : m_document(document)
    , m_stats(stats)
    , m_baseUrl(baseUrl)
{ }

bool BlockWriter::skipped(int element) const
{
    if (m_stats.excluded.at(element))
        return true;
    // Links inside a paragraph are its text; only whole blocks are judged as lists of links.
    const HtmlTag tag = m_document.node(element).tag;
    if (!BoilerplateRules::isBlock(tag))
        return false;
    // A paragraph is one run of text: a sentence around a long link is still a sentence.
    const double share = tag == HtmlTag::P ? LinkParagraphShare : LinkListShare;
    const int text = m_stats.text.at(element);
    return m_stats.prose.at(element) == 0 && text > 0 && m_stats.link.at(element) > share * text;
}

bool BlockWriter::isDataTable(int table) const
{
    const HtmlNode &node = m_document.node(table);
    int cells = 0;
    for (int i = table + 1; i < node.end; ++i) {
        const HtmlTag tag = m_document.node(i).tag;
        if (tag == HtmlTag::Table)
            return false;
        if (tag == HtmlTag::Td || tag == HtmlTag::Th) {
            ++cells;
            if (m_stats.text.at(i) > MaxDataCellLength)
                return false;
        }
    }
    return cells >= 2;
}

void BlockWriter::writeTable(int table)
{
    const HtmlNode &node = m_document.node(table);
    QList<QStringList> plainRows;
    QList<QStringList> markdownRows;
    InlineText cell;
    int row = -1;
    for (int i = table + 1; i < node.end;) {
        const HtmlNode &child = m_document.node(i);
        if (child.isText() || m_stats.excluded.at(i) || child.tag == HtmlTag::Caption) {
            i = child.end;
            continue;
        }
        if (child.tag == HtmlTag::Tr) {
            row = i;
            plainRows.append(QStringList());
            markdownRows.append(QStringList());
            ++i;
            continue;
        }
        if ((child.tag != HtmlTag::Td && child.tag != HtmlTag::Th) || row < 0) {
            ++i;
            continue;
        }
        for (int k = i + 1; k < child.end; ++k) {
            const HtmlNode &inner = m_document.node(k);
            if (m_stats.excluded.at(k)) {
                k = inner.end - 1;
                continue;
            }
            if (inner.isText())
                cell.append(inner.text, false);
            else if (inner.tag == HtmlTag::Br || BoilerplateRules::isBlock(inner.tag))
                cell.append(u" ", false);
        }
        plainRows.last().append(cell.takePlain());
        markdownRows.last().append(markdownCell(cell.takeMarkdown()));
        i = child.end;
    }
    qsizetype columns = 0;
    QStringList plainLines;
    for (qsizetype r = plainRows.size() - 1; r >= 0; --r) {
        if (plainRows.at(r).join(QString()).trimmed().isEmpty()) {
            plainRows.removeAt(r);
            markdownRows.removeAt(r);
        }
    }
    for (const QStringList &cells : std::as_const(plainRows)) {
        columns = qMax(columns, cells.size());
        QString line = cells.join(u'\t');
        while (line.endsWith(u'\t'))
            line.chop(1); // empty last cells
        while (line.startsWith(u'\t'))
            line.remove(0, 1); // and first ones: the text has no white space around it
        plainLines.append(line);
    }
    if (plainRows.isEmpty())
        return;
    QStringList markdownLines;
    for (qsizetype r = 0; r < markdownRows.size(); ++r) {
        QStringList cells = markdownRows.at(r);
        while (cells.size() < columns)
            cells.append(u" "_s);
        markdownLines.append(u"| "_s + cells.join(u" | "_s) + u" |"_s);
        if (r == 0) {
            QStringList rule(columns, u"---"_s);
            markdownLines.append(u"| "_s + rule.join(u" | "_s) + u" |"_s);
        }
    }
    TextBlock block;
    block.kind = TextBlock::Kind::Table;
    block.plain = plainLines.join(u'\n');
    block.markdown = markdownLines.join(u'\n');
    block.prose = plainRows.size() >= 2;
    m_tables.append(block.markdown);
    m_blocks.append(block);
}

void BlockWriter::flush(int block)
{
    QString plain = m_inline->takePlain();
    QString markdown = m_inline->takeMarkdown();
    if (plain.isEmpty())
        return;
    if (block < 0) {
        m_blocks.append(TextBlock { .plain = plain, .markdown = markdown });
        return;
    }
    const HtmlNode &node = m_document.node(block);
    TextBlock out;
    out.prose = m_stats.proseBlock.at(block);
    if (const int level = BoilerplateRules::headingLevel(node.tag); level > 0) {
        out.kind = TextBlock::Kind::Heading;
        markdown = QString(level, u'#') + u' ' + markdown.replace(u"  \n"_s, u" "_s);
    } else if (m_preDepth > 0) {
        out.kind = TextBlock::Kind::Code;
        markdown = u"```\n"_s + plain + u"\n```"_s;
    } else if (node.tag == HtmlTag::Li && !m_listNumbers.isEmpty()) {
        out.kind = TextBlock::Kind::ListItem;
        const int number = m_listNumbers.last();
        const QString marker = number > 0 ? QString::number(number) + u". "_s : u"- "_s;
        markdown = QString(2 * (m_listNumbers.size() - 1), u' ') + marker + markdown;
        out.tight = !m_blocks.isEmpty() && m_blocks.last().kind == TextBlock::Kind::ListItem;
    }
    if (m_quoteDepth > 0) {
        const QString prefix = QString(m_quoteDepth, u'>') + u' ';
        markdown = prefix + markdown.replace(u'\n', u'\n' + prefix);
    }
    out.plain = plain;
    out.markdown = markdown;
    m_blocks.append(out);
}

QList<TextBlock> BlockWriter::write(int root)
{
    m_blocks.clear();
    m_tables = {};
    if (root < 0)
        return {};
    InlineText inlineText;
    m_inline = &inlineText;
    struct Open
    {
        int element;
        bool span; // opened a markdown span
    };
    std::vector<Open> open;
    std::vector<int> blocks; // open block elements, innermost last
    auto currentBlock = [&blocks] { return blocks.empty() ? -1 : blocks.back(); };
    auto close = [&](const Open &element) {
        const HtmlTag tag = m_document.node(element.element).tag;
        if (element.span)
            inlineText.closeSpan();
        if (!BoilerplateRules::isBlock(tag))
            return;
        flush(element.element);
        blocks.pop_back();
        if (tag == HtmlTag::Ul || tag == HtmlTag::Ol)
            m_listNumbers.removeLast();
        else if (tag == HtmlTag::Blockquote)
            --m_quoteDepth;
        else if (tag == HtmlTag::Pre)
            --m_preDepth;
    };

    const int end = m_document.node(root).end;
    for (int i = root; i < end;) {
        while (!open.empty() && m_document.node(open.back().element).end <= i) {
            close(open.back());
            open.pop_back();
        }
        const HtmlNode &node = m_document.node(i);
        if (node.isText()) {
            if (!m_stats.excluded.at(i))
                inlineText.append(node.text, m_preDepth > 0);
            ++i;
            continue;
        }
        if (skipped(i)) {
            i = node.end;
            continue;
        }
        if (node.tag == HtmlTag::Table && isDataTable(i)) {
            flush(currentBlock());
            writeTable(i);
            i = node.end;
            continue;
        }
        Open entry { i, false };
        if (BoilerplateRules::isBlock(node.tag)) {
            flush(currentBlock());
            blocks.push_back(i);
            if (node.tag == HtmlTag::Ul || node.tag == HtmlTag::Ol)
                m_listNumbers.append(node.tag == HtmlTag::Ol ? 0 : -1);
            else if (node.tag == HtmlTag::Li && !m_listNumbers.isEmpty() && m_listNumbers.last() >= 0)
                ++m_listNumbers.last();
            else if (node.tag == HtmlTag::Blockquote)
                ++m_quoteDepth;
            else if (node.tag == HtmlTag::Pre)
                ++m_preDepth;
        } else if (node.tag == HtmlTag::Br) {
            inlineText.lineBreak();
        } else if (m_preDepth == 0) {
            switch (node.tag) {
            case HtmlTag::A: {
                const QString href = node.attribute(u"href").trimmed();
                const QUrl target = m_baseUrl.resolved(QUrl(href));
                if (!href.isEmpty() && !href.startsWith(u'#')
                    && (target.scheme() == u"http"_s || target.scheme() == u"https"_s
                        || target.scheme() == u"mailto"_s)) {
                    inlineText.openSpan(u"["_s, u"]("_s + QString::fromUtf8(target.toEncoded()) + u')');
                    entry.span = true;
                }
                break;
            }
            case HtmlTag::Strong:
            case HtmlTag::B:
                inlineText.openSpan(u"**"_s, u"**"_s);
                entry.span = true;
                break;
            case HtmlTag::Em:
            case HtmlTag::I:
                inlineText.openSpan(u"*"_s, u"*"_s);
                entry.span = true;
                break;
            case HtmlTag::Code:
                inlineText.openSpan(u"`"_s, u"`"_s);
                entry.span = true;
                break;
            default:
                break;
            }
        }
        open.push_back(entry);
        ++i;
    }
    while (!open.empty()) {
        close(open.back());
        open.pop_back();
    }
    flush(currentBlock());
    m_inline = nullptr;
    return m_blocks;
}

} // namespace ades::web
