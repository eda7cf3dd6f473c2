#pragma once

#include "FormField.h"

class QLineEdit;
class QPushButton;

namespace ades::ui {

// A document or other binary input (a string with contentEncoding "base64"): a file chooser. The chosen
// file is read and base64-encoded on a pool thread, never on the GUI's; a file larger than the schema
// allows is refused when chosen. Until the file is read, the field holds nothing.
class FileField : public FormField
{
    Q_DECLARE_TR_FUNCTIONS(ades::ui::FileField)

public:
    FileField(const QString &name, const QJsonObject &schema, bool required, QWidget *parent);

    QWidget *widget() const override { return m_container; }
    std::optional<QJsonValue> value() const override;
    void setValue(const QJsonValue &value) override;

    // Starts reading and encoding the file; the field shows why when it cannot be read or is too large.
    void setFile(const QString &path);
    // True while a chosen file is still being read.
    bool isReading() const { return m_reading; }
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
    quint64 m_generation = 0; // the latest file chosen; older reads are dropped
    bool m_reading = false;
};

} // namespace ades::ui
