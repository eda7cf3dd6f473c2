#pragma once

#include <QString>
#include <QStringView>

namespace ades::eu {

// XML white space as XPath sees it: space, tab, CR and LF only. QChar::isSpace() and QString::simplified()
// would also take NBSP and other Unicode spaces, which the official artefacts keep as text.
inline bool isXmlSpace(QChar c)
{
    return c == u' ' || c == u'\t' || c == u'\r' || c == u'\n';
}

// XPath normalize-space(): XML white space trimmed and each inner run collapsed to one space. One copy for
// the base layer's syntax binding rules and the Peppol and XRechnung layers, so they cannot drift apart.
inline QString normalizeSpace(QStringView text)
{
    QString out;
    out.reserve(text.size());
    bool pendingSpace = false;
    for (const QChar c : text) {
        if (isXmlSpace(c)) {
            pendingSpace = !out.isEmpty();
            continue;
        }
        if (pendingSpace)
            out += u' ';
        pendingSpace = false;
        out += c;
    }
    return out;
}

} // namespace ades::eu
