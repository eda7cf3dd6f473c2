#pragma once

#include <QDialog>

class QLineEdit;
class QPushButton;

namespace ades::ui {

// Shows a key just created, the one time it exists in the clear: selectable, with a button that copies it
// to the clipboard. The text is wiped from the dialog when it closes; the console keeps it nowhere else.
class NewKeyDialog : public QDialog
{
    Q_OBJECT

public:
    NewKeyDialog(const QString &key, const QString &prefix, QWidget *parent = nullptr);

    QLineEdit *keyField() const { return m_key; }
    QPushButton *copyButton() const { return m_copy; }

public Q_SLOTS:
    void copyToClipboard();
    void done(int result) override;

private:
    QLineEdit *m_key = nullptr;
    QPushButton *m_copy = nullptr;
};

} // namespace ades::ui
