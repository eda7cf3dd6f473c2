#pragma once

#include "core/SettingSpec.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;

namespace ades::ui {

// The editor of one declared setting (core/SettingSpec.h): a line edit for text, numbers, URLs, lists and
// secrets (hidden), a choice for booleans; checked against the declaration as the user types, with the
// reason in a line below it. Empty always means "the declared default", shown as the placeholder.
class SettingField : public QWidget
{
    Q_OBJECT

public:
    SettingField(
        const SettingSpec &spec, const QString &label, const QString &value, QWidget *parent = nullptr);

    const SettingSpec &spec() const { return m_spec; }
    QString key() const { return m_spec.key; }
    QString label() const { return m_label; }
    // The text as it will be saved (trimmed; "" for the default).
    QString value() const;
    void setValue(const QString &value);
    // What the field held when the page was built or last saved.
    bool isChanged() const { return value() != m_savedValue; }
    void markSaved() { m_savedValue = value(); }
    // Empty when value() is acceptable, otherwise why not (translated).
    QString problem() const;
    // nullptr for booleans.
    QLineEdit *lineEdit() const { return m_edit; }
    QComboBox *choice() const { return m_choice; }
    QLabel *messageLabel() const { return m_message; }
    // "ADES_X402_PAYTO_EVM" when the environment sets this key: the field is then read-only.
    QString overriddenBy() const { return m_overriddenBy; }

Q_SIGNALS:
    void edited();

private:
    void check();

    SettingSpec m_spec;
    QString m_label;
    QString m_savedValue;
    QString m_overriddenBy;
    QLineEdit *m_edit = nullptr;
    QComboBox *m_choice = nullptr;
    QLabel *m_message = nullptr;
};

} // namespace ades::ui
