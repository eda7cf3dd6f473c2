#include "Article50.h"

#include "DisclosureFacts.h"

using namespace Qt::StringLiterals;

namespace ades::disclosure {

namespace {

ExceptionConsidered lawEnforcement(
    const QString &provision, bool claimed, bool effective, const QString &effect)
{
    return { u"law_enforcement"_s, provision, claimed, effective, effect };
}

ExceptionConsidered personalUse(const DisclosureFacts &f, bool triggered)
{
    return { u"personal_use"_s, u"Art. 2(10)"_s, f.personalUse, triggered && f.personalUse,
        u"The Regulation does not apply to obligations of deployers who are natural persons using an AI "
        u"system "
        "in the course of a purely personal non-professional activity."_s };
}

// Status from the trigger, the scope and the exceptions that hold: an exemption lifts the duty, the artistic
// limitation only narrows it.
DutyStatus statusOf(bool inScope, bool triggered, const QList<ExceptionConsidered> &exceptions)
{
    if (!inScope)
        return DutyStatus::OutOfScope;
    if (!triggered)
        return DutyStatus::NotTriggered;
    bool limited = false;
    for (const ExceptionConsidered &e : exceptions) {
        if (!e.effective)
            continue;
        if (e.id == u"artistic_work"_s)
            limited = true;
        else
            return DutyStatus::Exempt;
    }
    return limited ? DutyStatus::Limited : DutyStatus::Applies;
}

void addExceptionReasons(Duty &duty)
{
    for (const ExceptionConsidered &e : std::as_const(duty.exceptions)) {
        if (e.effective)
            duty.reasons.append(e.provision + u": "_s + e.effect);
    }
}

Duty interactionNotice(const DisclosureFacts &f, bool inScope)
{
    Duty d { u"50(1)"_s, u"interaction_notice"_s,
        u"Providers: persons are informed that they are interacting with an AI system"_s, Addressee::Provider,
        DutyStatus::NotTriggered, {}, {} };
    const bool triggered = f.interactsWithPersons;
    d.exceptions.append({ u"obvious_ai"_s, u"Art. 50(1), first sentence"_s, f.obviousAi,
        triggered && f.obviousAi,
        u"No notice is needed where the interaction with an AI system is obvious to a reasonably "
        "well-informed, observant and circumspect natural person, given the circumstances and context of use."_s });
    // The law-enforcement exception does not hold for systems open to the public to report a criminal
    // offence.
    d.exceptions.append(lawEnforcement(u"Art. 50(1), second sentence"_s, f.lawEnforcement,
        triggered && f.lawEnforcement && !f.publicCrimeReporting,
        u"Not applicable to AI systems authorised by law to detect, prevent, investigate or prosecute "
        u"criminal "
        "offences, unless those systems are available for the public to report a criminal offence."_s));
    d.status = statusOf(inScope, triggered, d.exceptions);
    if (triggered)
        d.reasons.append(u"The generating system was declared to interact directly with natural persons."_s);
    else
        d.reasons.append(
            u"The generating system was not declared to interact directly with natural persons."_s);
    if (triggered && f.lawEnforcement && f.publicCrimeReporting)
        d.reasons.append(
            u"The law-enforcement exception does not hold: the system is available for the public "
            "to report a criminal offence."_s);
    addExceptionReasons(d);
    return d;
}

Duty machineReadableMarking(const DisclosureFacts &f, bool inScope)
{
    Duty d { u"50(2)"_s, u"machine_readable_marking"_s,
        u"Providers: synthetic audio, image, video or text outputs are marked in a machine-readable format "
        "and detectable as artificially generated or manipulated"_s,
        Addressee::Provider, DutyStatus::NotTriggered, {}, {} };
    d.exceptions.append({ u"assistive_editing"_s, u"Art. 50(2), third sentence"_s, f.assistiveEditing,
        f.assistiveEditing,
        u"Not applicable to the extent the AI system performs an assistive function for standard editing or "
        "does not substantially alter the input data provided by the deployer or its semantics."_s });
    d.exceptions.append(lawEnforcement(u"Art. 50(2), third sentence"_s, f.lawEnforcement, f.lawEnforcement,
        u"Not applicable where authorised by law to detect, prevent, investigate or prosecute criminal "
        "offences."_s));
    d.status = statusOf(inScope, true, d.exceptions);
    d.reasons.append(u"The content was declared as %1 generated or manipulated by an AI system; paragraph 2 "
                     "covers synthetic audio, image, video and text."_s.arg(kindName(f.kind)));
    addExceptionReasons(d);
    return d;
}

Duty emotionBiometricNotice(const DisclosureFacts &f, bool inScope)
{
    Duty d { u"50(3)"_s, u"emotion_biometric_notice"_s,
        u"Deployers of an emotion recognition or biometric categorisation system inform the persons exposed "
        "and process personal data under Regulations (EU) 2016/679 and 2018/1725 and Directive (EU) 2016/680"_s,
        Addressee::Deployer, DutyStatus::NotTriggered, {}, {} };
    const bool triggered = f.emotionRecognition || f.biometricCategorisation;
    d.exceptions.append(lawEnforcement(u"Art. 50(3), second sentence"_s, f.lawEnforcement,
        triggered && f.lawEnforcement,
        u"Not applicable to biometric categorisation and emotion recognition permitted by law to detect, "
        "prevent or investigate criminal offences, with appropriate safeguards and in accordance with Union "
        "law."_s));
    d.exceptions.append(personalUse(f, triggered));
    d.status = statusOf(inScope, triggered, d.exceptions);
    if (f.emotionRecognition)
        d.reasons.append(u"The system was declared to perform emotion recognition (Art. 3(39))."_s);
    if (f.biometricCategorisation)
        d.reasons.append(u"The system was declared to perform biometric categorisation (Art. 3(40))."_s);
    if (!triggered)
        d.reasons.append(u"Neither emotion recognition nor biometric categorisation was declared."_s);
    addExceptionReasons(d);
    return d;
}

Duty deepFakeDisclosure(const DisclosureFacts &f, bool inScope)
{
    Duty d { u"50(4) first subparagraph"_s, u"deep_fake_disclosure"_s,
        u"Deployers disclose that image, audio or video content constituting a deep fake has been "
        "artificially generated or manipulated"_s,
        Addressee::Deployer, DutyStatus::NotTriggered, {}, {} };
    const bool audiovisual = f.kind != ContentKind::Text;
    const bool triggered = audiovisual && f.deepFake;
    d.exceptions.append(lawEnforcement(u"Art. 50(4) first subparagraph, second sentence"_s, f.lawEnforcement,
        triggered && f.lawEnforcement,
        u"Not applicable where the use is authorised by law to detect, prevent, investigate or prosecute "
        "criminal offences."_s));
    d.exceptions.append(personalUse(f, triggered));
    d.exceptions.append({ u"artistic_work"_s, u"Art. 50(4) first subparagraph, third sentence"_s,
        f.artisticWork, triggered && f.artisticWork,
        u"Where the content forms part of an evidently artistic, creative, satirical, fictional or analogous "
        "work or programme, the duty is limited to disclosing the existence of such generated or manipulated "
        "content in an appropriate manner that does not hamper the display or enjoyment of the work."_s });
    d.status = statusOf(inScope, triggered, d.exceptions);
    if (!audiovisual)
        d.reasons.append(
            u"The content is text; a deep fake is image, audio or video content (Art. 3(60))."_s);
    else if (f.deepFake)
        d.reasons.append(
            u"The %1 was declared a deep fake: it resembles existing persons, objects, places, "
            "entities or events and would falsely appear to a person to be authentic or truthful "
            "(Art. 3(60))."_s.arg(kindName(f.kind)));
    else
        d.reasons.append(u"The %1 was not declared a deep fake (Art. 3(60))."_s.arg(kindName(f.kind)));
    addExceptionReasons(d);
    return d;
}

Duty publicInterestTextDisclosure(const DisclosureFacts &f, bool inScope)
{
    Duty d { u"50(4) second subparagraph"_s, u"public_interest_text_disclosure"_s,
        u"Deployers disclose that text published with the purpose of informing the public on matters of "
        "public interest has been artificially generated or manipulated"_s,
        Addressee::Deployer, DutyStatus::NotTriggered, {}, {} };
    const bool text = f.kind == ContentKind::Text;
    const bool triggered = text && f.publicInterest;
    const bool editorial = f.humanReview && !f.editorialResponsibility.isEmpty();
    d.exceptions.append(lawEnforcement(u"Art. 50(4) second subparagraph, second sentence"_s, f.lawEnforcement,
        triggered && f.lawEnforcement,
        u"Not applicable where the use is authorised by law to detect, prevent, investigate or prosecute "
        "criminal offences."_s));
    d.exceptions.append({ u"human_editorial_control"_s, u"Art. 50(4) second subparagraph, second sentence"_s,
        f.humanReview || !f.editorialResponsibility.isEmpty(), triggered && editorial,
        u"Not applicable where the AI-generated content has undergone a process of human review or editorial "
        "control and a natural or legal person holds editorial responsibility for its publication."_s });
    d.exceptions.append(personalUse(f, triggered));
    d.status = statusOf(inScope, triggered, d.exceptions);
    if (!text)
        d.reasons.append(u"The content is %1; this subparagraph covers text."_s.arg(kindName(f.kind)));
    else if (f.publicInterest)
        d.reasons.append(u"The text was declared to be published with the purpose of informing the public on "
                         "matters of public interest."_s);
    else
        d.reasons.append(
            u"The text was not declared to be published to inform the public on matters of public "
            "interest."_s);
    if (triggered && f.humanReview && f.editorialResponsibility.isEmpty())
        d.reasons.append(u"Human review alone does not lift the duty: no natural or legal person holding "
                         "editorial responsibility was named (editorial_responsibility)."_s);
    if (triggered && !f.humanReview && !f.editorialResponsibility.isEmpty())
        d.reasons.append(
            u"A person holding editorial responsibility was named, but human review or editorial "
            "control was not declared (human_review)."_s);
    if (triggered && f.artisticWork)
        d.reasons.append(u"The limitation for artistic, creative, satirical or fictional works in the first "
                         "subparagraph covers deep fakes, not text."_s);
    addExceptionReasons(d);
    return d;
}

} // namespace

QString addresseeName(Addressee addressee)
{
    return addressee == Addressee::Provider ? u"provider"_s : u"deployer"_s;
}

QString statusName(DutyStatus status)
{
    switch (status) {
    case DutyStatus::Applies:
        return u"applies"_s;
    case DutyStatus::Limited:
        return u"limited"_s;
    case DutyStatus::Exempt:
        return u"exempt"_s;
    case DutyStatus::NotTriggered:
        return u"not_triggered"_s;
    case DutyStatus::OutOfScope:
        return u"out_of_scope"_s;
    }
    return u"not_triggered"_s;
}

const Duty *Assessment::duty(const QString &id) const
{
    for (const Duty &d : duties) {
        if (d.id == id)
            return &d;
    }
    return nullptr;
}

bool Assessment::noticeRequired() const
{
    for (const Duty &d : duties) {
        if (d.id != u"machine_readable_marking"_s && d.binds())
            return true;
    }
    return false;
}

bool Assessment::markingRequired() const
{
    const Duty *marking = duty(u"machine_readable_marking"_s);
    return marking && marking->binds();
}

Assessment Article50::assess(const DisclosureFacts &facts)
{
    Assessment a;
    // Art. 2(1): deployers established or located in the Union (b); providers and deployers in a third
    // country where the output is used in the Union (c). A provider placing the system on the Union market
    // (a) is bound regardless, but nothing in these facts says it did.
    if (facts.deployerInEu) {
        a.scopeBasis = u"Art. 2(1)(b)"_s;
        a.scopeReason = u"The deployer was declared established or located in the Union."_s;
    } else if (facts.euUsers) {
        a.scopeBasis = u"Art. 2(1)(c)"_s;
        a.scopeReason
            = u"The deployer is outside the Union, but the output was declared to be used in the Union "
              "(persons in the Union are exposed to it)."_s;
    } else {
        a.inScope = false;
        a.scopeReason
            = u"Neither is the deployer established or located in the Union nor is the output used in "
              "the Union (Art. 2(1)(b) and (c)); Article 50 does not reach this use. A provider that "
              "places the system on the Union market stays bound by paragraphs 1 and 2 for that "
              "market (Art. 2(1)(a))."_s;
    }
    a.duties = { interactionNotice(facts, a.inScope), machineReadableMarking(facts, a.inScope),
        emotionBiometricNotice(facts, a.inScope), deepFakeDisclosure(facts, a.inScope),
        publicInterestTextDisclosure(facts, a.inScope) };
    return a;
}

} // namespace ades::disclosure
