#pragma once

#include "ReceiptCheck.h"

#include <QWidget>

class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;

namespace ades {
class ServiceHost;
struct ReceiptVerdict;
} // namespace ades

namespace ades::ui {

// Verifies a receipt-bearing result the operator drops, opens or pastes, with the same check as
// POST /verify, and shows every receipt field so the operator can see what was attested.
class ReceiptsPage : public QWidget
{
    Q_OBJECT

public:
    // Larger files are refused: a result with its receipt is a few kilobytes, a dossier a few hundred.
    static constexpr qint64 MaxFileBytes = 16 * 1024 * 1024;

    explicit ReceiptsPage(ServiceHost &host, QWidget *parent = nullptr);

    // The thirteen fields of service-receipt/2 (docs/interface.md §2.1), in the order the table shows them.
    static QStringList receiptFieldNames();

public Q_SLOTS:
    void verifyDocument(const QByteArray &json);
    void loadFile(const QString &path);
    void openFile();
    void pasteFromClipboard();
    void verifyEditorText();

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dragLeaveEvent(QDragLeaveEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void showVerdict(const ReceiptVerdict &verdict);
    void showReadError(const QString &path, const QString &reason);
    void setVerdictStyle(ReceiptCheck::Style style);
    void setDropHighlight(bool on);
    void clearDetails();
    void fitProblemList();
    void fillFields(const QJsonObject &receipt);

    ServiceHost &m_host;
    QPlainTextEdit *m_editor = nullptr;
    QLabel *m_dropHint = nullptr;
    QLabel *m_source = nullptr;
    QPushButton *m_openButton = nullptr;
    QPushButton *m_pasteButton = nullptr;
    QPushButton *m_verifyButton = nullptr;
    QLabel *m_verdict = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_issuer = nullptr;
    QLabel *m_thisService = nullptr;
    QLabel *m_expiry = nullptr;
    QLabel *m_standard = nullptr;
    QListWidget *m_problems = nullptr;
    QTableWidget *m_fields = nullptr;
    ReceiptCheck::Style m_style = ReceiptCheck::Style::None;
};

} // namespace ades::ui
