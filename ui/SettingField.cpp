#include "SettingField.h"

#include "core/Settings.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ades::ui {

SettingField::SettingField(
    const SettingSpec &spec, const QString &label, const QString &value, QWidget *parent)
    : QWidget(parent)
    , m_spec(spec)
    , m_label(label)
    , m_message(new QLabel(this))
{
    setObjectName(u"settingField:"_s + spec.key);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    if (spec.kind == SettingSpec::Kind::Boolean) {
        m_choice = new QComboBox(this);
        m_choice->setObjectName(spec.key);
        const bool byDefault = SettingSpec::parseBoolean(spec.defaultValue).value_or(false);
        m_choice->addItem(byDefault ? tr("Default (on)") : tr("Default (off)"), QString());
        m_choice->addItem(tr("On"), u"true"_s);
        m_choice->addItem(tr("Off"), u"false"_s);
        m_choice->setAccessibleName(label);
        m_choice->setAccessibleDescription(spec.summary);
        connect(m_choice, &QComboBox::currentIndexChanged, this, &SettingField::check);
        layout->addWidget(m_choice);
    } else {
        m_edit = new QLineEdit(this);
        m_edit->setObjectName(spec.key);
        m_edit->setClearButtonEnabled(true);
        m_edit->setAccessibleName(label);
        m_edit->setAccessibleDescription(spec.summary);
        if (spec.kind == SettingSpec::Kind::Secret) {
            // Never shown, also not over someone's shoulder; the placeholder says whether one is set.
            m_edit->setEchoMode(QLineEdit::Password);
            m_edit->setPlaceholderText(tr("not set"));
        } else if (!spec.defaultValue.isEmpty()) {
            m_edit->setPlaceholderText(tr("default: %1").arg(spec.defaultValue));
        }
        connect(m_edit, &QLineEdit::textChanged, this, &SettingField::check);
        layout->addWidget(m_edit);
    }
    m_message->setObjectName(u"settingMessage:"_s + spec.key);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(u"QLabel { color: #c62828; }"_s);
    m_message->setVisible(false);
    layout->addWidget(m_message);

    setValue(value);
    m_savedValue = this->value();

    // The environment wins over ades.ini (core/Settings.h): an edit here would be saved and never used.
    const QString variable = Settings::environmentName(spec.key);
    if (qEnvironmentVariableIsSet(qPrintable(variable))) {
        m_overriddenBy = variable;
        (m_edit ? static_cast<QWidget *>(m_edit) : static_cast<QWidget *>(m_choice))->setEnabled(false);
        m_message->setText(tr("Set by the environment variable %1, which wins over ades.ini").arg(variable));
        m_message->setStyleSheet(QString());
        m_message->setVisible(true);
    }
}

QString SettingField::value() const
{
    if (m_choice)
        return m_choice->currentData().toString();
    return m_edit->text().trimmed();
}

void SettingField::setValue(const QString &value)
{
    if (m_choice) {
        const std::optional<bool> on = SettingSpec::parseBoolean(value);
        m_choice->setCurrentIndex(!on ? 0 : (*on ? 1 : 2));
    } else {
        m_edit->setText(value);
    }
    check();
}

QString SettingField::problem() const
{
    const QString text = value();
    const QString why = m_spec.problem(text);
    if (why.isEmpty())
        return {};
    // The rule is the declaration's, the same the service checks at start; the words are the console's, so
    // that they can be translated. A rule of the setting's own (an address format) is named by its label.
    switch (m_spec.kind) {
    case SettingSpec::Kind::Integer:
        return tr("Must be a whole number from %1 to %2").arg(m_spec.minimum).arg(m_spec.maximum);
    case SettingSpec::Kind::Boolean:
        return tr("Must be on or off");
    case SettingSpec::Kind::Url:
        return tr("Not an http:// or https:// URL");
    case SettingSpec::Kind::Text:
    case SettingSpec::Kind::List:
    case SettingSpec::Kind::Secret:
        break;
    }
    return tr("Not accepted as %1: %2").arg(m_label, why);
}

void SettingField::check()
{
    if (!m_overriddenBy.isEmpty())
        return;
    const QString why = problem();
    QWidget *editor = m_edit ? static_cast<QWidget *>(m_edit) : m_choice;
    editor->setStyleSheet(why.isEmpty() ? QString() : u"QLineEdit { border: 2px solid #c62828; }"_s);
    // The reason also in the tooltip; the setting's summary is on its name (and the accessible description).
    editor->setToolTip(why);
    m_message->setText(why);
    m_message->setVisible(!why.isEmpty());
    Q_EMIT edited();
}

} // namespace ades::ui

#include "moc_SettingField.cpp"
