#pragma once

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTabWidget;

namespace ades {
struct ConsoleOutcome;
}

namespace ades::ui {

// The outcome of a call by hand: the verdict on its receipt (the same check as the receipts page), the
// result as pretty JSON, and the receipt alone; an error's status and JSON otherwise.
class CallResultView : public QWidget
{
    Q_OBJECT

public:
    explicit CallResultView(QWidget *parent = nullptr);

    void showOutcome(const ConsoleOutcome &outcome);
    void showMessage(const QString &text);
    void clear();

    QString verdictText() const;
    QString resultText() const;
    QString receiptText() const;

private:
    QLabel *m_verdict = nullptr;
    QTabWidget *m_tabs = nullptr;
    QPlainTextEdit *m_result = nullptr;
    QPlainTextEdit *m_receipt = nullptr;
};

} // namespace ades::ui
