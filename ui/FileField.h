#pragma once

#include "FormField.h"

class QLineEdit;
class QPushButton;

namespace ades::ui {

// A document or other binary input (a string with contentEncoding "base64"): a file chooser. The chosen
// file is read and sent base64-encoded; a file larger than the schema allows is refused when chosen.
class FileField : public FormField
{
    Q_DECLARE_TR_FUNCTIONS(ades::ui::FileField)

public:
    FileField(const QString &name, const QJsonObject &schema, bool required, QWidget *parent);

    QWidget *widget() const override { return m_container; }
    std::optional<QJsonValue> value() const override;
    void setValue(const QJsonValue &value) override;

    // Reads and encodes the file; false (with the reason shown) when it cannot be read or is too large.
    bool setFile(const QString &path);
    // The most bytes a file may have: what the schema's maxLength of base64 text decodes to.
    qint64 maxFileBytes() const;
    QPushButton *chooseButton() const { return m_choose; }

private:
    void choose();

    QWidget *m_container = nullptr;
    QLineEdit *m_path = nullptr;
    QPushButton *m_choose = nullptr;
    QPushButton *m_clear = nullptr;
    QString m_encoded;
};

} // namespace ades::ui
