#pragma once

#include "FormField.h"

class QLineEdit;
class QPlainTextEdit;

namespace ades::ui {

// A string property: a line edit, or a text box for long text (maxLength above 1,000 characters). The
// format, pattern or first example is the placeholder; empty sends nothing.
class TextField : public FormField
{
    Q_DECLARE_TR_FUNCTIONS(ades::ui::TextField)

public:
    TextField(const QString &name, const QJsonObject &schema, bool required, QWidget *parent);

    QWidget *widget() const override;
    std::optional<QJsonValue> value() const override;
    void setValue(const QJsonValue &value) override;

    // "YYYY-MM-DD" for format date and the like; the pattern or first example otherwise.
    static QString placeholderFor(const QJsonObject &schema);

private:
    QLineEdit *m_line = nullptr;
    QPlainTextEdit *m_text = nullptr;
};

} // namespace ades::ui
