#pragma once

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace ades::ui {

// Asks for the passphrase of a key backup twice; OK only when both match and it is long enough.
class BackupPassphraseDialog : public QDialog
{
    Q_OBJECT

public:
    static constexpr int MinimumLength = 12;

    explicit BackupPassphraseDialog(QWidget *parent = nullptr);
    QString passphrase() const;
    QLineEdit *firstField() const { return m_first; }
    QLineEdit *secondField() const { return m_second; }
    QDialogButtonBox *buttons() const { return m_buttons; }
    // Empty when acceptable, otherwise why not (translated).
    QString problem() const;

private:
    void check();

    QLineEdit *m_first = nullptr;
    QLineEdit *m_second = nullptr;
    QLabel *m_message = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace ades::ui
