#pragma once

#include "receipts/ReceiptVerdict.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace ades {
class ServiceHost;
}

namespace ades::ui {

// The console's one receipt check: the verdict of POST /verify (ServiceHost::verifyReceipt) and the words
// the operator reads for it. The receipts page and the live calls detail pane both show a receipt through
// this class, so the same bytes always get the same verdict and the same sentences.
class ReceiptCheck
{
    Q_DECLARE_TR_FUNCTIONS(ades::ui::ReceiptCheck)

public:
    enum class Style
    {
        None, // nothing checked
        Valid,
        Invalid,
        NotReceipt,
    };

    struct Outcome
    {
        ReceiptVerdict verdict;
        Style style = Style::None;
        QString headline; // "Valid receipt"
        QString summary; // one sentence qualifying it
        QStringList problems; // a sentence per problem code, in the verdict's order
    };

    explicit ReceiptCheck(const ServiceHost &host);

    Outcome check(const QByteArray &json) const;
    // The headline, summary and problem sentences of a verdict.
    static Outcome describe(const ReceiptVerdict &verdict);
    // A sentence for one of the verifier's problem codes (receipts/ReceiptVerifier.h); the code itself when
    // unknown.
    static QString describeProblem(const QString &code);
    // The verdict label's style sheet: tinted backgrounds with dark text of the same hue, readable in light
    // and dark palettes.
    static QString styleSheet(Style style);

private:
    const ServiceHost &m_host;
};

} // namespace ades::ui
