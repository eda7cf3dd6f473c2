#include "CallResultView.h"

#include "ReceiptCheck.h"
#include "host/ServiceHost.h"

#include <QFontDatabase>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ades::ui {

namespace {

QPlainTextEdit *jsonView(const QString &name, const QString &accessible, QWidget *parent)
{
    auto *view = new QPlainTextEdit(parent);
    view->setObjectName(name);
    view->setAccessibleName(accessible);
    view->setReadOnly(true);
    view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    view->setLineWrapMode(QPlainTextEdit::NoWrap);
    return view;
}

} // namespace

CallResultView::CallResultView(QWidget *parent)
    : QWidget(parent)
    , m_verdict(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_result(jsonView(u"resultView"_s, tr("Result"), this))
    , m_receipt(jsonView(u"receiptView"_s, tr("Receipt"), this))
{
    setObjectName(u"callResultView"_s);
    m_verdict->setObjectName(u"receiptVerdict"_s);
    m_verdict->setAccessibleName(tr("Receipt verdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setMargin(6); // inside ReceiptCheck's tinted, bordered label
    m_verdict->setMinimumHeight(36);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_tabs->setObjectName(u"resultTabs"_s);
    m_tabs->addTab(m_result, tr("Result"));
    m_tabs->addTab(m_receipt, tr("Receipt"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_verdict);
    layout->addWidget(m_tabs, 1);
    clear();
}

void CallResultView::clear()
{
    m_verdict->setText(tr("Run an operation to see its result and receipt here."));
    m_verdict->setStyleSheet(ReceiptCheck::styleSheet(ReceiptCheck::Style::None));
    m_result->clear();
    m_receipt->clear();
}

void CallResultView::showMessage(const QString &text)
{
    clear();
    m_verdict->setText(text);
}

void CallResultView::showOutcome(const ConsoleOutcome &outcome)
{
    m_result->setPlainText(QString::fromUtf8(QJsonDocument(outcome.body).toJson(QJsonDocument::Indented)));
    const QJsonObject receipt = outcome.body.value(u"receipt"_s).toObject();
    m_receipt->setPlainText(receipt.isEmpty()
            ? QString()
            : QString::fromUtf8(QJsonDocument(receipt).toJson(QJsonDocument::Indented)));
    // The words and colours of every other receipt verdict in the console (ReceiptCheck).
    ReceiptCheck::Style style = ReceiptCheck::Style::Invalid;
    if (!outcome.ok) {
        const QJsonObject error = outcome.body.value(u"error"_s).toObject();
        const QString message = error.isEmpty() ? outcome.body.value(u"message"_s).toString()
                                                : error.value(u"message"_s).toString();
        m_verdict->setText(
            tr("Failed with status %1, no receipt: %2").arg(outcome.record.status).arg(message));
    } else if (outcome.verdict.valid) {
        m_verdict->setText(
            tr("Receipt valid: signed by %1%2. Logged as a console call in %3 ms, not charged.")
                .arg(outcome.verdict.issuer,
                    outcome.verdict.issuedByThisService ? tr(" (this service)") : QString())
                .arg(outcome.record.latencyMs));
        style = ReceiptCheck::Style::Valid;
    } else {
        m_verdict->setText(
            tr("Receipt invalid: %1").arg(ReceiptCheck::describe(outcome.verdict).problems.join(u" "_s)));
    }
    m_verdict->setStyleSheet(ReceiptCheck::styleSheet(style));
    m_tabs->setCurrentWidget(m_result);
}

QString CallResultView::verdictText() const
{
    return m_verdict->text();
}

QString CallResultView::resultText() const
{
    return m_result->toPlainText();
}

QString CallResultView::receiptText() const
{
    return m_receipt->toPlainText();
}

} // namespace ades::ui

#include "moc_CallResultView.cpp"
