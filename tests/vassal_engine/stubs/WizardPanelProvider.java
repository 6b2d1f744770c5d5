package org.netbeans.spi.wizard;

/** Link-only stand-in (see Wizard.java): the game set-up wizard is built, never shown. */
public abstract class WizardPanelProvider {
  protected WizardPanelProvider(String[] steps, String[] descriptions) {
  }

  protected WizardPanelProvider(String title, String[] steps, String[] descriptions) {
  }

  protected int indexOfStep(String step) {
    return -1;
  }

  public final Wizard createWizard() {
    return new Wizard();
  }
}
